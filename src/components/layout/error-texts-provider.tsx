'use client';

import { createContext, type ReactNode, use } from 'react';
import { type ErrorTexts, englishErrorTexts } from './error-texts';

const ErrorTextsContext = createContext<ErrorTexts>(englishErrorTexts);

/** Gives the error page (src/app/[locale]/error.tsx) the texts of the page's language. */
export function ErrorTextsProvider({
  texts,
  children,
}: {
  texts: ErrorTexts;
  children: ReactNode;
}) {
  return <ErrorTextsContext value={texts}>{children}</ErrorTextsContext>;
}

/** The error page's texts; English outside a provider. */
export function useErrorTexts(): ErrorTexts {
  return use(ErrorTextsContext);
}
