import { getTranslations, setRequestLocale } from 'next-intl/server';
import { type PageQuery, PlanCatalogue } from '@/components/pricing/plan-catalogue';
import { PlanComparison } from '@/components/pricing/plan-comparison';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

// /pricing/standplan: the standard plans page the apps link to, in the checkout layout: the
// plan cards of the visitor's channel, what premium adds, the guarantee. Rendered per request
// (the plans come from the database catalogue).
export const dynamic = 'force-dynamic';

type Props = LocaleParams & { searchParams: Promise<PageQuery> };

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/pricing/standplan', await pageText(locale, 'standplan'));
}

export default async function StandardPlansPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const query = await searchParams;
  const [text, t] = await Promise.all([
    pageText(locale, 'standplan'),
    getTranslations({ locale, namespace: 'Pricing' }),
  ]);
  return (
    <>
      <PageHeader title={text.heading} lede={text.description} />
      <PlanCatalogue locale={locale} path="/pricing/standplan" query={query} />
      <Section id="compare" tone="tint" title={t('compare.title')} lede={t('compare.lede')}>
        <PlanComparison locale={locale} />
      </Section>
    </>
  );
}
