import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { Locale } from '@/lib/locales';
import { Container } from '../ui/container';

/** The card of the sign-in and password pages, with the texts their forms need. */
export async function AuthCard({
  locale,
  title,
  lede,
  children,
}: {
  locale: Locale;
  title: string;
  lede?: string;
  children: ReactNode;
}) {
  const { Auth, Validation, Toasts } = await getMessages({ locale });
  return (
    <Container className="py-10 sm:py-16">
      <div className="mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold leading-tight sm:text-3xl">{title}</h1>
        {lede ? <p className="mt-2 text-slate-600">{lede}</p> : null}
        <div className="mt-6">
          <NextIntlClientProvider locale={locale} messages={{ Auth, Validation, Toasts }}>
            {children}
          </NextIntlClientProvider>
        </div>
      </div>
    </Container>
  );
}
