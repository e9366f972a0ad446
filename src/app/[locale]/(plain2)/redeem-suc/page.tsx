import { NextIntlClientProvider } from 'next-intl';
import { getMessages, setRequestLocale } from 'next-intl/server';
import { RedeemResultView } from '@/components/gift/redeem-result';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { getDb } from '@/server/db/client';
import { listPlans } from '@/server/payments/catalog';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

// Rendered per request: the catalogue names the redeemed plan. What the code added is in the
// tab's session storage (the redeem answer), which only the browser can read.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/redeem-suc', await pageText(locale, 'redeemSuc'));
}

export default async function RedeemSucPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const text = await pageText(locale, 'redeemSuc');
  const rows = await listPlans(getDb().db);
  const products = Object.fromEntries(rows.map((row) => [row.id, row.productId]));
  const { GiftCard, Subscription, Plans, Account, Auth, Validation } = await getMessages({
    locale,
  });

  return (
    <>
      <PageHeader title={text.heading} lede={text.description} />
      <Container className="py-10">
        <div className="max-w-3xl">
          <NextIntlClientProvider
            locale={locale}
            messages={{ GiftCard, Subscription, Plans, Account, Auth, Validation }}
          >
            <RedeemResultView products={products} />
          </NextIntlClientProvider>
        </div>
      </Container>
    </>
  );
}
