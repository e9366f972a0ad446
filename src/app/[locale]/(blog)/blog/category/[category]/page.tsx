import { getTranslations } from 'next-intl/server';
import { dynamicHeadingPage } from '@/components/layout/page-shell';
import { blogCategories, includes } from '@/lib/catalog';

export const dynamicParams = false;
export function generateStaticParams() {
  return blogCategories.map((category) => ({ category }));
}

const page = dynamicHeadingPage<{ category: string }>(async ({ category }, locale) => {
  if (!includes(blogCategories, category)) return null;
  const t = await getTranslations({ locale, namespace: 'Blog.categories' });
  return {
    path: `/blog/category/${category}`,
    key: 'blogCategory',
    values: { category: t(category) },
  };
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
