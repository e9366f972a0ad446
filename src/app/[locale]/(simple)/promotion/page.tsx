import { NextIntlClientProvider } from 'next-intl';
import { getMessages, setRequestLocale } from 'next-intl/server';
import { PromotionView } from '@/components/subscription/promotion-view';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { claims } from '@/lib/site';
import { getDb } from '@/server/db/client';
import { currentPromotion } from '@/server/payments/promotion';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

// The promotion has its own, shorter money-back window (spec 1). Whether an offer is running
// is decided per request from the promotion window in the database.
export const dynamic = 'force-dynamic';

const values = { days: claims.promotionMoneyBackDays };

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/promotion', await pageText(locale, 'promotion', values));
}

export default async function PromotionPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const now = Date.now();
  const [text, promotion, messages] = await Promise.all([
    pageText(locale, 'promotion', values),
    currentPromotion(getDb().db, new Date(now)),
    getMessages({ locale }),
  ]);
  return (
    <>
      <PageHeader title={text.heading} lede={text.description} />
      <Container className="py-10 sm:py-14">
        <Card as="section" className="max-w-2xl">
          <NextIntlClientProvider locale={locale} messages={{ Promotion: messages.Promotion }}>
            <PromotionView promotion={promotion} now={now} locale={locale} />
          </NextIntlClientProvider>
        </Card>
      </Container>
    </>
  );
}
