// The error pages' texts. The error boundary sits in every page's client bundle, so it does not
// use next-intl's client runtime (or messages/en.json, 25 KiB gzip): the locale layout passes
// the texts of the page's language through ErrorTextsProvider, and the English ones below are
// the fallback (error-texts.test.ts keeps them equal to messages/en.json).

/** The texts of the error page (src/app/[locale]/error.tsx), from the `Errors` messages. */
export interface ErrorTexts {
  errorTitle: string;
  errorHint: string;
  tryAgain: string;
  /** Contains `{digest}`, replaced by the error's reference. */
  reference: string;
  goHome: string;
  /** Set only by the end-to-end tests of the error pages (TEST_FAILURES=error-page). */
  failForTest?: true;
}

/** The texts of the document-level error page (src/app/global-error.tsx). */
export interface GlobalErrorTexts {
  errorPageFailed: string;
  goHome: string;
}

export const englishErrorTexts: ErrorTexts = {
  errorTitle: 'Something went wrong',
  errorHint: 'The page could not be shown. Try again, or go back to the home page.',
  tryAgain: 'Try again',
  reference: 'Reference: {digest}',
  goHome: 'Go to the home page',
};

export const englishGlobalErrorTexts: GlobalErrorTexts = {
  errorPageFailed: 'An error occurred while showing the error page',
  goHome: englishErrorTexts.goHome,
};

/** The `Errors` messages of a locale reduced to what the error page shows. */
export function errorTextsOf(errors: ErrorTexts): ErrorTexts {
  const { errorTitle, errorHint, tryAgain, reference, goHome } = errors;
  return { errorTitle, errorHint, tryAgain, reference, goHome };
}

/** The reference line, e.g. "Reference: 1234567890". */
export function referenceText(texts: ErrorTexts, digest: string): string {
  return texts.reference.replace('{digest}', digest);
}
