import { getTranslations } from 'next-intl/server';
import { claimValues } from '@/lib/claim-values';
import type { Locale } from '@/lib/locales';
import { Container } from '../ui/container';
import { LinkButton } from '../ui/link-button';

/** The closing call to action of the information pages: download free, or see the plans. */
export async function CtaBand({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Info' });
  return (
    <section aria-labelledby="cta-title" className="bg-navy-900 py-14 text-white sm:py-16">
      <Container>
        <h2 id="cta-title" className="text-2xl font-bold sm:text-3xl">
          {t('ctaTitle')}
        </h2>
        <p className="mt-3 max-w-[60ch] text-lg text-slate-300">
          {t('ctaText', claimValues(locale))}
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <LinkButton href="/download">{t('download')}</LinkButton>
          <LinkButton
            href="/pricing"
            variant="secondary"
            className="border-white text-white hover:bg-navy-800"
          >
            {t('plans')}
          </LinkButton>
        </div>
      </Container>
    </section>
  );
}
