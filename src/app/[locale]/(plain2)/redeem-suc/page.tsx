import { NextIntlClientProvider } from 'next-intl';
import { getMessages, setRequestLocale } from 'next-intl/server';
import { RedeemResultView } from '@/components/gift/redeem-result';
import { getDb } from '@/server/db/client';
import { listPlans } from '@/server/payments/catalog';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

// Rendered per request: the catalogue names the redeemed plan. What the code added is in the
// tab's session storage (the redeem answer), which only the browser can read, so the heading is
// chosen there too: "Gift card redeemed" only above a redeemed card.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/redeem-suc', await pageText(locale, 'redeemSuc'));
}

export default async function RedeemSucPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const [text, giftCard] = await Promise.all([
    pageText(locale, 'redeemSuc'),
    pageText(locale, 'giftCard'),
  ]);
  const rows = await listPlans(getDb().db);
  const products = Object.fromEntries(rows.map((row) => [row.id, row.productId]));
  const { GiftCard, Subscription, Plans, Account, Auth, Validation } = await getMessages({
    locale,
  });

  return (
    <NextIntlClientProvider
      locale={locale}
      messages={{ GiftCard, Subscription, Plans, Account, Auth, Validation }}
    >
      <RedeemResultView
        products={products}
        headings={{
          done: { title: text.heading, lede: text.description },
          missing: giftCard.heading,
        }}
      />
    </NextIntlClientProvider>
  );
}
