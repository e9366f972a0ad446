import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { Link } from '@/i18n/navigation';
import { blogDb, blogMetadata } from '@/server/blog/page-support';
import { blogTags } from '@/server/blog/service';
import { type LocaleParams, localeOf, pageText } from '@/server/seo/page-metadata';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return blogMetadata(locale, '/blog/tag', await pageText(locale, 'blogTag'));
}

// /blog/tag: every tag used in this language, most used first.
export default async function BlogTagIndexPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const [text, t, tags] = await Promise.all([
    pageText(locale, 'blogTag'),
    getTranslations({ locale, namespace: 'Blog' }),
    blogTags(blogDb(), locale),
  ]);
  return (
    <>
      <PageHeader title={text.heading} lede={text.description} />
      <Container className="py-10 sm:py-14">
        {tags.length === 0 ? (
          <p className="text-lg">{t('noPostsInLocale')}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {tags.map((tag) => (
              <li key={tag.slug}>
                <Link
                  href={`/blog/tag/${tag.slug}`}
                  className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 px-4 no-underline hover:border-accent-700"
                >
                  <span className="font-medium">#{tag.slug}</span>
                  <span className="text-sm text-slate-600">
                    {t('postCount', { count: tag.posts })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Container>
    </>
  );
}
