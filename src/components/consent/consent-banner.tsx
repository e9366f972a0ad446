'use client';

import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ui/button';
import { Link } from '@/i18n/navigation';
import { placeFirst, reserveSpace, scrollToClear } from './banner-space';
import type { ConsentChoice } from './consent-state';

/** The banner's texts (the `Consent` messages), passed down from the server. */
export interface ConsentTexts {
  title: string;
  body: string;
  policy: string;
  accept: string;
  reject: string;
  close: string;
}

/**
 * The element the banner is rendered into: made in the browser (the banner never renders on the
 * server) and put right after the skip link, so the banner comes first in the tab order and in
 * the reading order although it is drawn at the bottom of the window. Removed with the banner.
 */
function useHost(): HTMLElement | null {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const element = document.createElement('div');
    element.setAttribute('data-consent-host', '');
    placeFirst(document.body, element);
    setHost(element);
    return () => element.remove();
  }, []);
  return host;
}

/**
 * While the banner is shown, the page keeps its height free at the bottom and the browser
 * scrolls focused elements above it (scroll padding); for focus moved without scrolling, a
 * focused element that still ends up under the banner is scrolled clear (WCAG 2.4.11).
 */
function useKeepFocusClear(region: RefObject<HTMLElement | null>, host: HTMLElement | null) {
  useLayoutEffect(() => {
    const banner = region.current;
    if (!host || !banner) return;
    const space = reserveSpace(document.documentElement.style);
    const measure = () => space.resize(banner.getBoundingClientRect().height);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(banner);
    let frame = 0;
    const onFocus = (event: FocusEvent) => {
      const target = event.target;
      // A modal dialog lies above the banner (top layer); the banner's own controls need nothing.
      if (!(target instanceof Element) || banner.contains(target) || target.closest('dialog')) {
        return;
      }
      cancelAnimationFrame(frame);
      // After the browser's own scrolling into view, which follows the focus event.
      frame = requestAnimationFrame(() => {
        const by = scrollToClear(target.getBoundingClientRect(), banner.getBoundingClientRect());
        if (by > 0) window.scrollBy({ top: by, behavior: 'instant' });
      });
    };
    document.addEventListener('focusin', onFocus);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('focusin', onFocus);
      observer.disconnect();
      space.release();
    };
  }, [region, host]);
}

/**
 * The cookie banner: a fixed panel over the bottom of the page, so it never moves the content
 * (no layout shift), first in the tab order and never covering the focused element (see the
 * hooks above). A labelled region rather than a modal dialog: the page stays usable and nothing
 * non-essential runs until the visitor chooses. Opened again from the footer, it takes focus
 * and closes with Escape.
 */
export function ConsentBanner({
  texts: t,
  onChoose,
  onClose,
  reopened,
}: {
  texts: ConsentTexts;
  onChoose: (choice: ConsentChoice) => void;
  /** Only when reopened from the footer: closing keeps the earlier choice. */
  onClose?: () => void;
  reopened: boolean;
}) {
  const region = useRef<HTMLElement>(null);
  const host = useHost();
  useKeepFocusClear(region, host);

  useEffect(() => {
    if (!reopened || !host) return;
    // The "Cookie settings" button gets focus back when the banner closes.
    const focused = document.activeElement;
    const opener = focused instanceof HTMLElement && focused !== document.body ? focused : null;
    region.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose?.();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      const active = document.activeElement;
      if (opener?.isConnected && (active === null || active === document.body)) opener.focus();
    };
  }, [reopened, onClose, host]);

  if (!host) return null;
  return createPortal(
    <section
      ref={region}
      tabIndex={-1}
      aria-labelledby="consent-title"
      aria-describedby="consent-body"
      data-consent-banner=""
      className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white shadow-[0_-8px_24px_rgb(11_27_58/0.12)] outline-none"
    >
      <div className="mx-auto flex max-w-[1200px] flex-col gap-4 px-4 py-4 sm:px-6 lg:flex-row lg:items-center lg:gap-8">
        <div className="min-w-0 flex-1">
          <h2 id="consent-title" className="text-base font-semibold text-navy-900">
            {t.title}
          </h2>
          <p id="consent-body" className="mt-1 max-w-[75ch] text-sm text-slate-600">
            {t.body}{' '}
            <Link href="/cookie-policy" className="font-medium text-accent-700 underline">
              {t.policy}
            </Link>
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => onChoose('essential')}>
            {t.reject}
          </Button>
          <Button onClick={() => onChoose('all')}>{t.accept}</Button>
          {onClose ? (
            <Button variant="ghost" onClick={onClose}>
              {t.close}
            </Button>
          ) : null}
        </div>
      </div>
    </section>,
    host,
  );
}
