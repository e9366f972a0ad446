import { headers } from 'next/headers';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, setRequestLocale } from 'next-intl/server';
import { GiftPurchase } from '@/components/gift/gift-purchase';
import { GiftRedeem } from '@/components/gift/gift-redeem';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { pageSession } from '@/server/account/page-session';
import { readAttribution } from '@/server/attribution';
import { getDb } from '@/server/db/client';
import { listPlans, planPayload } from '@/server/payments/catalog';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

// Rendered per request: the plan list comes from the catalogue, and a signed-in visitor is not
// asked for an email.
export const dynamic = 'force-dynamic';

type GiftCardProps = LocaleParams & {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/gift-card', await pageText(locale, 'giftCard'));
}

export default async function GiftCardPage({ params, searchParams }: GiftCardProps) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const query = await searchParams;
  const channel = typeof query.channel === 'string' ? query.channel : undefined;
  const cookie = (await headers()).get('cookie');
  const [auth, rows] = await Promise.all([
    pageSession(),
    listPlans(getDb().db, [channel, readAttribution(cookie).channel]),
  ]);
  const text = await pageText(locale, 'giftCard');
  const { GiftCard, Plans, Validation, ApiErrors, Toasts } = await getMessages({ locale });
  const email = auth?.user.email ?? null;

  return (
    <>
      <PageHeader title={text.heading} lede={text.description} />
      <Container className="grid items-start gap-6 py-10 lg:grid-cols-2">
        <NextIntlClientProvider
          locale={locale}
          messages={{ GiftCard, Plans, Validation, ApiErrors, Toasts }}
        >
          <GiftPurchase plans={rows.map(planPayload)} email={email} />
          <GiftRedeem email={email} />
        </NextIntlClientProvider>
      </Container>
    </>
  );
}
