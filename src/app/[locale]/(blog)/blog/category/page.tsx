import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { Link } from '@/i18n/navigation';
import { blogDb, blogMetadata } from '@/server/blog/page-support';
import { recommendCategories } from '@/server/blog/service';
import { type LocaleParams, localeOf, pageText } from '@/server/seo/page-metadata';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return blogMetadata(locale, '/blog/category', await pageText(locale, 'blogCategoryIndex'));
}

// /blog/category: every category with its post count in this language.
export default async function BlogCategoryIndexPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const [text, t, categories] = await Promise.all([
    pageText(locale, 'blogCategoryIndex'),
    getTranslations({ locale, namespace: 'Blog' }),
    recommendCategories(blogDb(), locale),
  ]);
  return (
    <>
      <PageHeader title={text.heading} lede={text.description} />
      <Container className="py-10 sm:py-14">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {categories.map((category) => (
            <li key={category.slug}>
              <Link
                href={`/blog/category/${category.slug}`}
                className="flex h-full flex-col gap-1 rounded-(--radius-card) border border-slate-200 bg-white p-5 no-underline shadow-(--shadow-card) hover:border-accent-700"
              >
                <span className="text-xl font-bold">{category.name}</span>
                <span className="text-sm text-slate-600">
                  {t('postCount', { count: category.posts })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </>
  );
}
