'use client';

import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Link } from '@/i18n/navigation';
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
 * The cookie banner: a fixed panel over the bottom of the page, so it never moves the content
 * (no layout shift). A labelled region rather than a modal dialog: the page stays usable and
 * nothing non-essential runs until the visitor chooses. Opened again from the footer, it takes
 * focus and closes with Escape.
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

  useEffect(() => {
    if (!reopened) return;
    region.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose?.();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [reopened, onClose]);

  return (
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
    </section>
  );
}
