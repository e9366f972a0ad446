import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { HeaderActions } from '@/components/info/header-actions';
import { Prose } from '@/components/info/prose';
import { CtaBand } from '@/components/marketing/cta-band';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { TableOfContents } from '@/components/ui/table-of-contents';
import { claimValues } from '@/lib/claim-values';
import type { Locale } from '@/lib/locales';
import { contact, legalLastUpdated } from '@/lib/site';
import { type ContentArea, loadContent } from '@/server/content/load';
import {
  type LocaleParams,
  localeOf,
  type MessageValues,
  metadataFor,
  type PageKey,
  pageText,
} from '@/server/seo/page-metadata';

type Slot = (locale: Locale) => ReactNode | Promise<ReactNode>;

export interface ContentPageOptions {
  /** content/<area>/<locale>/<name>.md */
  area: ContentArea;
  name: string;
  /** Legal documents show the revision date and a table of contents beside the text. */
  variant: 'legal' | 'info';
  values?: MessageValues;
  /** Below the heading and lede (calls to action). */
  header?: Slot;
  /** Between the header and the document (facts, comparisons, tools). */
  before?: Slot;
  /** After the document, before the closing call to action. */
  after?: Slot;
}

/** The closing call to action of the information pages: download free, or see the plans. */
async function InfoCtaBand({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Info' });
  return (
    <CtaBand
      layout="stacked"
      title={t('ctaTitle')}
      lede={t('ctaText', claimValues(locale))}
      primary={{ href: '/download', label: t('download') }}
      secondary={{ href: '/pricing', label: t('plans') }}
    />
  );
}

/**
 * A page of long copy from content/: heading and lede from `Pages.<key>`, the Markdown document
 * (English while a translation is missing, marked with its own lang and dir), and its metadata.
 */
export function contentPage(path: string, key: PageKey, options: ContentPageOptions) {
  async function generateMetadata({ params }: LocaleParams) {
    const locale = await localeOf(params);
    return metadataFor(locale, path, await pageText(locale, key, options.values));
  }

  // biome-ignore lint/correctness/noComponentHookFactories: a Server Component without hooks; the factory pairs a page with its metadata.
  async function Page({ params }: LocaleParams) {
    const locale = await localeOf(params);
    setRequestLocale(locale);
    const text = await pageText(locale, key, options.values);
    const doc = loadContent(options.area, options.name, locale);
    const t = await getTranslations({ locale, namespace: 'Legal' });
    const legal = options.variant === 'legal';
    return (
      <>
        <PageHeader title={text.heading} lede={text.description}>
          {legal ? (
            <p className="mt-4 text-sm text-slate-600">
              <time dateTime={legalLastUpdated}>
                {t('lastUpdated', { date: legalLastUpdated })}
              </time>
            </p>
          ) : null}
          {doc.lang !== locale ? (
            <p
              role="note"
              className="mt-4 max-w-[70ch] rounded-lg bg-amber-50 px-4 py-3 text-sm text-slate-800"
            >
              {t('englishOnly')}
            </p>
          ) : legal && locale !== 'en' ? (
            <p
              role="note"
              data-authoritative
              className="mt-4 max-w-[70ch] rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-800"
            >
              {t('authoritative')}
            </p>
          ) : null}
          {options.header ? (
            await options.header(locale)
          ) : legal ? null : (
            <HeaderActions locale={locale} />
          )}
        </PageHeader>
        {options.before ? (
          <Container className="pt-10 sm:pt-14">{await options.before(locale)}</Container>
        ) : null}
        <Container className="py-10 sm:py-14">
          {legal ? (
            <div className="grid gap-10 lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-14">
              <div>
                <TableOfContents
                  entries={doc.toc}
                  label={t('toc')}
                  lang={{ lang: doc.lang, dir: doc.dir }}
                  variant="document"
                />
              </div>
              <article>
                <Prose html={doc.html} lang={doc.lang} dir={doc.dir} />
                <p className="mt-12 max-w-[70ch] border-t border-slate-200 pt-6 text-slate-600">
                  {t('questions', { email: contact.supportEmail })}
                </p>
              </article>
            </div>
          ) : (
            <article className="max-w-[70ch]">
              <Prose html={doc.html} lang={doc.lang} dir={doc.dir} />
            </article>
          )}
        </Container>
        {options.after ? (
          <Container className="pb-14">{await options.after(locale)}</Container>
        ) : null}
        {legal ? null : <InfoCtaBand locale={locale} />}
      </>
    );
  }
  return { generateMetadata, Page };
}
