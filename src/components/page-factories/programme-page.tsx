import { getTranslations, setRequestLocale } from 'next-intl/server';
import { FormsIntl } from '@/components/forms/forms-intl';
import { PartnerForm } from '@/components/forms/partner-form';
import { PrivacyNote } from '@/components/forms/privacy-note';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { Steps } from '@/components/ui/steps';
import { claimValues } from '@/lib/claim-values';
import type { PartnerProgramme } from '@/lib/form-rules';
import { localizePath } from '@/lib/locales';
import { config as siteConfig } from '@/server/config';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

const programmes = {
  affiliate: {
    path: '/affiliate-program',
    key: 'affiliateProgram',
    namespace: 'Affiliate',
    steps: ['apply', 'review', 'link', 'earn'],
    who: ['publishers', 'bloggers', 'communities'],
  },
  influencer: {
    path: '/influencer',
    key: 'influencer',
    namespace: 'Influencer',
    steps: ['apply', 'review', 'link', 'track'],
    who: ['video', 'streamers', 'social', 'podcasts'],
  },
} as const;

function CheckList({ items }: { items: string[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="mt-0.5 size-5 shrink-0 text-success-700"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
          >
            <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The affiliate and influencer programme pages: what the programme is, how it works, who it is
 * for, and the application form. Commission terms are agreed per partner, so none are shown.
 */
export function programmePage(programme: PartnerProgramme) {
  const config = programmes[programme];

  async function generateMetadata({ params }: LocaleParams) {
    const locale = await localeOf(params);
    return metadataFor(locale, config.path, await pageText(locale, config.key));
  }

  // biome-ignore lint/correctness/noComponentHookFactories: a Server Component without hooks; the factory pairs a page with its metadata.
  async function Page({ params }: LocaleParams) {
    const locale = await localeOf(params);
    setRequestLocale(locale);
    const text = await pageText(locale, config.key);
    // One translator over both programme namespaces: keys are checked per page below.
    const t = (await getTranslations({ locale, namespace: config.namespace })) as unknown as (
      key: string,
      values?: Record<string, string>,
    ) => string;
    const forms = await getTranslations({ locale, namespace: 'Forms' });
    const example = new URL(
      `${localizePath(locale, config.path)}?campaign=your-name`,
      siteConfig().SITE_URL,
    );
    const values = { ...claimValues(locale), example: example.toString() };
    return (
      <>
        <PageHeader title={text.heading} lede={text.description}>
          <p className="mt-6">
            <a href="#apply-title" className="font-semibold text-accent-700 underline">
              {forms('partner.formTitle')}
            </a>
          </p>
        </PageHeader>
        <Section id="what" title={t('whatTitle')}>
          <p className="max-w-[65ch] text-lg">{t('what')}</p>
          {programme === 'affiliate' ? (
            <p className="mt-4 max-w-[65ch]">{t('sell', values)}</p>
          ) : null}
        </Section>
        <Section id="how" title={t('howTitle')} tone="tint">
          <Steps items={config.steps.map((step) => t(`steps.${step}`, values))} />
        </Section>
        <Section id="who" title={t('whoTitle')}>
          <CheckList items={config.who.map((who) => t(`who.${who}`))} />
          {programme === 'influencer' ? (
            <>
              <h3 className="mt-10 text-xl font-bold">{t('supportTitle')}</h3>
              <div className="mt-4">
                <CheckList
                  items={['link', 'contact', 'material', 'news'].map((k) => t(`support.${k}`))}
                />
              </div>
            </>
          ) : (
            <>
              <h3 className="mt-10 text-xl font-bold">{t('rulesTitle')}</h3>
              <p className="mt-3 max-w-[65ch]">{t('rules')}</p>
            </>
          )}
        </Section>
        <Section
          id="apply"
          title={forms('partner.formTitle')}
          lede={forms('partner.formIntro')}
          tone="tint"
        >
          <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <Card>
              <FormsIntl locale={locale} namespaces={['Forms', 'Influencer']}>
                <PartnerForm programme={programme} />
              </FormsIntl>
            </Card>
            <div className="space-y-4 text-slate-700">
              <p>{forms('partner.termsNote')}</p>
              <PrivacyNote locale={locale} />
            </div>
          </div>
        </Section>
      </>
    );
  }

  return { generateMetadata, Page };
}
