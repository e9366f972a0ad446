import { ArrowRight } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { getPathname, Link } from '@/i18n/navigation';
import type { Locale } from '@/lib/locales';
import { FooterNewsletter } from './footer-newsletter';
import { type FooterNewsletterTexts, splitAround, splitPlural } from './footer-newsletter-texts';

const titleId = 'footer-newsletter-title';

/**
 * The full footer's newsletter row (issue "What a new user trips over", item 7): the /edmsub
 * page's heading and lede, the sign-up island with its texts as props, and a link to /edmsub.
 */
export async function FooterNewsletterSection({ locale }: { locale: Locale }) {
  const page = await getTranslations('Pages.edmsub');
  const newsletter = await getTranslations('Newsletter');
  const forms = await getTranslations('Forms');
  const texts: FooterNewsletterTexts = {
    label: forms('email'),
    submit: newsletter('submit'),
    sent: splitAround(newsletter.raw('successText') as string, 'email'),
    emailRequired: forms('errors.emailRequired'),
    invalidEmail: forms('errors.invalidEmail'),
    failed: forms('failed'),
    network: forms('network'),
    tooMany: splitPlural(forms.raw('tooMany') as string, 'minutes'),
  };
  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-6 lg:grid-cols-2 lg:items-start lg:gap-12"
    >
      <div>
        <h2 id={titleId} className="text-lg font-bold">
          {page('heading')}
        </h2>
        <p className="mt-2 max-w-prose text-sm text-slate-300">{page('description')}</p>
        <Link
          href="/edmsub"
          aria-describedby={titleId}
          className="mt-2 inline-flex items-center gap-1 py-1 text-sm font-medium text-white underline hover:no-underline"
        >
          {newsletter('whatTitle')}
          <ArrowRight aria-hidden="true" className="flip-rtl size-4 shrink-0" />
        </Link>
      </div>
      <FooterNewsletter
        locale={locale}
        action={getPathname({ href: '/edmsub', locale })}
        texts={texts}
      />
    </section>
  );
}
