import { getTranslations } from 'next-intl/server';
import { headingPage } from '@/components/layout/page-shell';
import { JsonLd } from '@/components/seo/json-ld';
import { LinkButton } from '@/components/ui/link-button';
import { absoluteUrl } from '@/lib/seo/metadata';
import { config } from '@/server/config';

const page = headingPage('/', 'home', {
  extra: async (locale) => {
    const pages = await getTranslations({ locale, namespace: 'Pages' });
    const meta = await getTranslations({ locale, namespace: 'Meta' });
    const home = absoluteUrl(config().SITE_URL, locale, '/');
    return (
      <>
        <div className="mt-8 flex flex-wrap gap-3">
          <LinkButton href="/download">{pages('download.heading')}</LinkButton>
          <LinkButton href="/pricing" variant="secondary">
            {pages('pricing.heading')}
          </LinkButton>
        </div>
        <JsonLd
          data={[
            {
              '@context': 'https://schema.org',
              '@type': 'Organization',
              name: meta('siteName'),
              url: home,
              logo: new URL('/icon.svg', config().SITE_URL).toString(),
            },
            {
              '@context': 'https://schema.org',
              '@type': 'WebSite',
              name: meta('siteName'),
              url: home,
              inLanguage: locale,
            },
          ]}
        />
      </>
    );
  },
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
