'use client';

import { referenceText } from '@/components/layout/error-texts';
import { useErrorTexts } from '@/components/layout/error-texts-provider';
import { Container } from '@/components/ui/container';
import { buttonClass } from '@/components/ui/link-button';
import { Link } from '@/i18n/navigation';

// Spec 2.4: the error page shows the message (HTTP 500 on the server) with a way home. It is in
// every page's bundle, so its texts come from the layout (ErrorTextsProvider), not next-intl.
export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  const t = useErrorTexts();
  // End-to-end tests of the page shown when this one fails (TEST_FAILURES=error-page).
  if (t.failForTest) throw new Error('Injected test failure: error-page');
  return (
    <main id="main" className="flex-1">
      <Container className="py-20 text-center">
        <p className="text-sm font-semibold tracking-wide text-error-700 uppercase">500</p>
        <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{t.errorTitle}</h1>
        <p className="mx-auto mt-4 max-w-[60ch] text-lg text-slate-600">{t.errorHint}</p>
        {error.digest ? (
          <p className="mt-2 text-sm text-slate-600">{referenceText(t, error.digest)}</p>
        ) : null}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button type="button" className={buttonClass('primary')} onClick={reset}>
            {t.tryAgain}
          </button>
          <Link href="/" className={buttonClass('secondary')}>
            {t.goHome}
          </Link>
        </div>
      </Container>
    </main>
  );
}
