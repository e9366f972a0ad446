import { describe, expect, it } from 'vitest';
import {
  focusMargin,
  placeFirst,
  reserveSpace,
  type StyleLike,
  scrollToClear,
} from './banner-space';

// A 1280 × 800 window whose bottom 101 px the banner covers.
const banner = { top: 699, bottom: 800, left: 0, right: 1280 };
const box = (top: number, bottom: number, left = 100, right = 300) => ({
  top,
  bottom,
  left,
  right,
});

describe('scrollToClear', () => {
  it('leaves an element above the banner where it is', () => {
    expect(scrollToClear(box(600, 650), banner)).toBe(0);
    expect(scrollToClear(box(600, 699 - focusMargin), banner)).toBe(0);
  });

  it('scrolls an element under the banner, or partly under it, to end just above it', () => {
    // "Get 24 months" on /pricing: 688–732, under the banner's top edge at 699.
    expect(scrollToClear(box(688, 732), banner)).toBe(732 - 699 + focusMargin);
    expect(scrollToClear(box(720, 760), banner)).toBe(760 - 699 + focusMargin);
  });

  it('keeps the margin: an element ending right at the banner edge moves up a little', () => {
    expect(scrollToClear(box(660, 698), banner)).toBe(698 - 699 + focusMargin);
  });

  it('never pushes the top of a tall element out of the window', () => {
    expect(scrollToClear(box(300, 1200), banner)).toBe(300 - focusMargin);
    expect(scrollToClear(box(4, 900), banner)).toBe(0);
  });

  it('ignores elements beside the banner, below the window and without a size', () => {
    expect(scrollToClear(box(720, 760, 10, 90), { ...banner, left: 100 })).toBe(0);
    expect(scrollToClear(box(900, 940), banner)).toBe(0);
    expect(scrollToClear(box(720, 720), banner)).toBe(0);
    expect(scrollToClear(box(720, 760, 200, 200), banner)).toBe(0);
  });
});

describe('placeFirst', () => {
  function body(withSkipLink: boolean) {
    const calls: string[] = [];
    return {
      calls,
      querySelector: (selector: string) => {
        calls.push(`query ${selector}`);
        return withSkipLink
          ? { after: (node: string) => calls.push(`after skip link: ${node}`) }
          : null;
      },
      prepend: (node: string) => calls.push(`prepend: ${node}`),
    };
  }

  it('puts the host right after the skip link', () => {
    const target = body(true);
    placeFirst(target, 'host');
    expect(target.calls).toEqual(['query :scope > a[href="#main"]', 'after skip link: host']);
  });

  it('puts the host first when there is no skip link', () => {
    const target = body(false);
    placeFirst(target, 'host');
    expect(target.calls.at(-1)).toBe('prepend: host');
  });
});

describe('reserveSpace', () => {
  function style(initial: Record<string, string> = {}) {
    const values = new Map(Object.entries(initial));
    const declaration: StyleLike = {
      getPropertyValue: (name) => values.get(name) ?? '',
      setProperty: (name, value) => {
        values.set(name, value ?? '');
      },
      removeProperty: (name) => {
        const previous = values.get(name) ?? '';
        values.delete(name);
        return previous;
      },
    };
    return { values, declaration };
  }

  it('reserves the banner height as padding, and scroll padding with room for a focus ring', () => {
    const { values, declaration } = style();
    const space = reserveSpace(declaration);
    space.resize(100.4);
    expect(Object.fromEntries(values)).toEqual({
      'padding-bottom': '101px',
      'scroll-padding-bottom': `${101 + focusMargin}px`,
    });
    space.resize(240);
    expect(values.get('padding-bottom')).toBe('240px');
    expect(values.get('scroll-padding-bottom')).toBe(`${240 + focusMargin}px`);
  });

  it('gives the earlier values back when released', () => {
    const { values, declaration } = style({ 'padding-bottom': '4px' });
    const space = reserveSpace(declaration);
    space.resize(120);
    space.release();
    expect(Object.fromEntries(values)).toEqual({ 'padding-bottom': '4px' });
  });
});
