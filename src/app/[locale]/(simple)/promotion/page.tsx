import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { claimValues } from '@/lib/claim-values';
import { claims } from '@/lib/site';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

// The promotion has its own, shorter money-back window (spec 1). Whether an offer is running
// (the promotion window) belongs to the payments issue; until it exists, this page says plainly
// that none is, and shows no countdown.
const values = { days: claims.promotionMoneyBackDays };

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/promotion', await pageText(locale, 'promotion', values));
}

export default async function PromotionPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const text = await pageText(locale, 'promotion', values);
  const t = await getTranslations({ locale, namespace: 'Promotion' });
  const claimText = { ...claimValues(locale), promotionDays: claims.promotionMoneyBackDays };
  return (
    <>
      <PageHeader title={text.heading} lede={text.description} />
      <Container className="py-10 sm:py-14">
        <Card as="section" className="max-w-2xl">
          <h2 className="text-xl font-bold sm:text-2xl">{t('noneTitle')}</h2>
          <p className="mt-3 text-slate-700">{t('noneText')}</p>
          <p className="mt-3 text-slate-700">{t('guaranteeText', claimText)}</p>
          <p className="mt-3 font-medium text-navy-900">{t('bestDeal', claimText)}</p>
          <LinkButton href="/pricing" className="mt-6">
            {t('cta')}
          </LinkButton>
        </Card>
      </Container>
    </>
  );
}
