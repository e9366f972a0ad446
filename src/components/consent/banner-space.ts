// Keeps the cookie banner out of a keyboard user's way (WCAG 2.2, 2.4.11 Focus Not Obscured):
// it comes first in the tab order (right after the skip link) although it is drawn over the
// bottom of the page, and it never covers the element that has focus.

/** The parts of a DOMRect these helpers read. */
export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Space kept between a focused element and the banner's top edge, in CSS pixels. */
export const focusMargin = 8;

/**
 * How far to scroll the page down so that `target` (a focused element) ends `margin` above the
 * banner: 0 when they do not overlap. Never so far that the target's top leaves the viewport
 * (a target taller than the space above the banner is aligned at the top instead).
 */
export function scrollToClear(target: Box, banner: Box, margin = focusMargin): number {
  const visible = target.right > target.left && target.bottom > target.top;
  const overlapsX = target.right > banner.left && target.left < banner.right;
  const overlapsY = target.bottom > banner.top - margin && target.top < banner.bottom;
  if (!visible || !overlapsX || !overlapsY) return 0;
  const needed = target.bottom - (banner.top - margin);
  return Math.max(0, Math.ceil(Math.min(needed, target.top - margin)));
}

/** The few DOM methods `placeFirst` needs (a document body in the browser). */
export interface HostParent<T> {
  querySelector(selector: string): { after(node: T): void } | null;
  prepend(node: T): void;
}

/** The root layout's skip link, the first child of <body>. */
export const skipLinkSelector = ':scope > a[href="#main"]';

/**
 * Puts the banner's host element right after the skip link (else first in `body`): the banner
 * is then the first thing Tab reaches, and the first landmark a screen reader meets.
 */
export function placeFirst<T>(body: HostParent<T>, host: T): void {
  const skipLink = body.querySelector(skipLinkSelector);
  if (skipLink) skipLink.after(host);
  else body.prepend(host);
}

/** The inline style of the root element (document.documentElement.style in the browser). */
export type StyleLike = Pick<
  CSSStyleDeclaration,
  'getPropertyValue' | 'setProperty' | 'removeProperty'
>;

const reserved = ['scroll-padding-bottom', 'padding-bottom'] as const;

/** The reserved space: `resize` follows the banner's height, `release` gives the space back. */
export interface ReservedSpace {
  resize(height: number): void;
  release(): void;
}

/**
 * Reserves the banner's height at the bottom of the document while it is shown: padding on the
 * root element, so the end of the page can be scrolled above the banner (padding on <html>
 * rather than <body> lengthens the page without moving anything on it), and scroll padding of
 * that height and `focusMargin`, so the browser scrolls a newly focused element, its focus ring
 * included, clear of it. `release` puts the earlier values back.
 */
export function reserveSpace(root: StyleLike): ReservedSpace {
  const before = reserved.map((name) => [name, root.getPropertyValue(name)] as const);
  return {
    resize(height) {
      const covered = Math.max(0, Math.ceil(height));
      root.setProperty('padding-bottom', `${covered}px`);
      root.setProperty('scroll-padding-bottom', `${covered + focusMargin}px`);
    },
    release() {
      for (const [name, previous] of before) {
        if (previous) root.setProperty(name, previous);
        else root.removeProperty(name);
      }
    },
  };
}
