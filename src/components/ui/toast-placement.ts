// Toasts sit above the cookie banner, never on it. The banner is a fixed panel at the bottom of
// the window that reserves its height on the root element's style while it is shown
// (src/components/consent/banner-space.ts), so a change of that style is the moment to measure.

/** The banner element (consent-banner.tsx). */
export const bannerSelector = '[data-consent-banner]';

/** The part of the window's bottom that the banner covers, in CSS pixels (0 without one). */
export function bannerCover(
  banner: { top: number; bottom: number } | null,
  viewportHeight: number,
): number {
  if (!banner || banner.bottom <= banner.top) return 0;
  return Math.max(0, Math.ceil(viewportHeight - banner.top));
}

/** The toast region's `bottom`: its usual 1rem, above what the banner covers. */
export function toastBottom(cover: number): string | undefined {
  return cover > 0 ? `calc(1rem + ${cover}px)` : undefined;
}

/** Calls `onCover` with the banner's cover now and whenever it may change; returns the stop. */
export function watchBannerCover(onCover: (cover: number) => void): () => void {
  const root = document.documentElement;
  const measure = () => {
    const banner = document.querySelector(bannerSelector);
    onCover(bannerCover(banner?.getBoundingClientRect() ?? null, root.clientHeight));
  };
  measure();
  const observer = new MutationObserver(measure);
  observer.observe(root, { attributes: true, attributeFilter: ['style'] });
  window.addEventListener('resize', measure);
  return () => {
    observer.disconnect();
    window.removeEventListener('resize', measure);
  };
}
