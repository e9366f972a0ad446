import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SearchForm } from '@/components/blog/search-form';
import { Container } from '@/components/ui/container';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { blogMetadata } from '@/server/blog/page-support';
import { type LocaleParams, localeOf, pageText } from '@/server/seo/page-metadata';

// /blog/detail?id=N is answered by the proxy: a permanent redirect to the post's own address
// (/blog/{unikey}), or 404 for an unknown id. Without an id this page explains where posts are.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return blogMetadata(locale, '/blog/detail', await pageText(locale, 'blogDetail'), {
    noindex: true,
  });
}

export default async function BlogDetailPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const [text, t] = await Promise.all([
    pageText(locale, 'blogDetail'),
    getTranslations({ locale, namespace: 'Blog' }),
  ]);
  return (
    <>
      <PageHeader title={text.heading} lede={t('detailHint')}>
        <SearchForm locale={locale} />
      </PageHeader>
      <Container className="py-10">
        <LinkButton href="/blog/more" variant="secondary">
          {t('viewArchive')}
        </LinkButton>
      </Container>
    </>
  );
}
