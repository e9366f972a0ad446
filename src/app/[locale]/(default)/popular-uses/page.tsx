import { setRequestLocale } from 'next-intl/server';
import { copyFor } from '@/components/marketing/copy';
import { CtaBand } from '@/components/marketing/cta-band';
import { familyIcons, Icon } from '@/components/marketing/icon-map';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { HonestNote } from '@/components/use-cases/use-case-parts';
import { Link } from '@/i18n/navigation';
import { useCaseFamilies, useCases } from '@/lib/catalog';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/popular-uses', await pageText(locale, 'popularUses'));
}

// /popular-uses: the six use-case families, each with its service guides.
export default async function PopularUsesPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const [text, t, names, page, home] = await Promise.all([
    pageText(locale, 'popularUses'),
    copyFor(locale, 'PopularUses'),
    copyFor(locale, 'UseCases'),
    copyFor(locale, 'UseCasePage'),
    copyFor(locale, 'Home'),
  ]);
  return (
    <>
      <PageHeader title={text.heading} lede={text.description} />
      <Container className="py-10">
        <p className="max-w-[65ch] text-lg">{t('intro')}</p>
      </Container>
      <Section id="families" tone="tint" title={page('familiesTitle')}>
        <ul className="grid gap-6 md:grid-cols-2">
          {useCaseFamilies.map((family) => (
            <li
              key={family}
              className="flex flex-col rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card) sm:p-6"
            >
              <div className="flex items-center gap-3">
                <span className="inline-flex size-11 items-center justify-center rounded-xl bg-accent-50 text-accent-700">
                  <Icon icon={familyIcons[family]} />
                </span>
                <h3 className="text-xl font-semibold">
                  <Link href={`/InternetAccess/${family}`} className="text-navy-900">
                    {names(`families.${family}.name`)}
                  </Link>
                </h3>
              </div>
              <p className="mt-3 text-slate-600">{names(`families.${family}.description`)}</p>
              <p className="mt-4 text-sm font-semibold text-slate-700">
                {t('guides', { count: useCases[family].length })}
              </p>
              <ul className="mt-2 flex flex-wrap gap-2">
                {(useCases[family] as readonly string[]).map((child) => (
                  <li key={child}>
                    <Link
                      href={`/InternetAccess/${family}/${child}`}
                      className="inline-flex min-h-9 items-center rounded-full border border-slate-300 px-3 py-1 text-sm font-medium no-underline hover:border-accent-600"
                    >
                      {names(`services.${child}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <div className="mt-8">
          <HonestNote t={page} />
        </div>
      </Section>
      <CtaBand
        title={home('cta.title')}
        lede={home('cta.lede')}
        primary={{ href: '/download', label: home('cta.download') }}
        secondary={{ href: '/pricing', label: home('cta.pricing') }}
      />
    </>
  );
}
