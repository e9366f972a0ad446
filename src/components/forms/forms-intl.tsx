import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { Messages } from '@/i18n/messages';
import type { Locale } from '@/lib/locales';

type FormNamespace = 'Forms' | 'Contact' | 'Newsletter' | 'Survey' | 'Influencer';

/** Gives a form island only the messages it uses (the root layout passes just `Errors`). */
export async function FormsIntl({
  locale,
  namespaces,
  children,
}: {
  locale: Locale;
  namespaces: readonly FormNamespace[];
  children: ReactNode;
}) {
  const all = (await getMessages({ locale })) as Messages;
  const picked = Object.fromEntries(namespaces.map((ns) => [ns, all[ns]]));
  return (
    <NextIntlClientProvider locale={locale} messages={{ Errors: all.Errors, ...picked }}>
      {children}
    </NextIntlClientProvider>
  );
}
