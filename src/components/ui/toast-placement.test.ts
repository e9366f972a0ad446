import { afterEach, describe, expect, it, vi } from 'vitest';
import { bannerCover, bannerSelector, toastBottom, watchBannerCover } from './toast-placement';

// An 800 px high window; the banner (when shown) covers its bottom 180 px.
const banner = { top: 620, bottom: 800 };

describe('toasts above the cookie banner', () => {
  it('measures what the banner covers at the bottom of the window', () => {
    expect(bannerCover(banner, 800)).toBe(180);
    expect(bannerCover({ top: 619.4, bottom: 800 }, 800)).toBe(181);
    expect(bannerCover(null, 800)).toBe(0);
    // A banner without a size, or below the window, covers nothing.
    expect(bannerCover({ top: 800, bottom: 800 }, 800)).toBe(0);
    expect(bannerCover({ top: 900, bottom: 1000 }, 800)).toBe(0);
  });

  it('lifts the toast region by that much, keeping its own 1rem', () => {
    expect(toastBottom(180)).toBe('calc(1rem + 180px)');
    expect(toastBottom(0)).toBeUndefined();
  });

  describe('watchBannerCover', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    function browser() {
      let shown: typeof banner | null = null;
      let onMutation: (() => void) | undefined;
      const observed: unknown[] = [];
      const disconnect = vi.fn();
      const root = { clientHeight: 800 };
      const listeners = new Map<string, () => void>();
      vi.stubGlobal('document', {
        documentElement: root,
        querySelector: (selector: string) =>
          selector === bannerSelector && shown ? { getBoundingClientRect: () => shown } : null,
      });
      vi.stubGlobal('window', {
        addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
        removeEventListener: (type: string) => listeners.delete(type),
      });
      vi.stubGlobal(
        'MutationObserver',
        class {
          constructor(callback: () => void) {
            onMutation = callback;
          }
          observe(target: unknown, options: unknown) {
            observed.push(target, options);
          }
          disconnect = disconnect;
        },
      );
      return {
        root,
        observed,
        listeners,
        disconnect,
        show(next: typeof banner | null) {
          shown = next;
          onMutation?.();
        },
      };
    }

    it('follows the banner as it appears, resizes and goes, and stops when asked', () => {
      const page = browser();
      const covers: number[] = [];
      const stop = watchBannerCover((cover) => covers.push(cover));
      expect(page.observed).toEqual([page.root, { attributes: true, attributeFilter: ['style'] }]);
      page.show(banner);
      page.show({ top: 560, bottom: 800 });
      page.show(null);
      expect(covers).toEqual([0, 180, 240, 0]);
      page.show(banner);
      page.listeners.get('resize')?.();
      expect(covers.slice(-2)).toEqual([180, 180]);
      stop();
      expect(page.disconnect).toHaveBeenCalled();
      expect(page.listeners.has('resize')).toBe(false);
    });
  });
});
