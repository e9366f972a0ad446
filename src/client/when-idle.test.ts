import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

// A window with just what whenIdle uses; the idle callback runs on its timeout.
function fakeWindow(withIdleCallback: boolean) {
  const target = new EventTarget();
  return Object.assign(target, {
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
    ...(withIdleCallback
      ? {
          requestIdleCallback: (fn: () => void, options: { timeout: number }) =>
            setTimeout(fn, options.timeout),
          cancelIdleCallback: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
        }
      : {}),
  });
}

describe('whenIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the load event, then for an idle moment', () => {
    const win = fakeWindow(true);
    vi.stubGlobal('window', win);
    vi.stubGlobal('document', { readyState: 'interactive' });
    const task = vi.fn();
    whenIdle(task, 500);
    vi.advanceTimersByTime(10_000);
    expect(task).not.toHaveBeenCalled();
    win.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(499);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('starts at once on a loaded page, with a short delay where there is no idle callback', () => {
    vi.stubGlobal('window', fakeWindow(false));
    vi.stubGlobal('document', { readyState: 'complete' });
    const task = vi.fn();
    whenIdle(task);
    vi.advanceTimersByTime(200);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled', () => {
    const win = fakeWindow(true);
    vi.stubGlobal('window', win);
    vi.stubGlobal('document', { readyState: 'loading' });
    const before = vi.fn();
    whenIdle(before)();
    win.dispatchEvent(new Event('load'));
    vi.stubGlobal('document', { readyState: 'complete' });
    const after = vi.fn();
    whenIdle(after, 100)();
    vi.advanceTimersByTime(10_000);
    expect(before).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });
});
