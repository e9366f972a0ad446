import { getTranslations } from 'next-intl/server';
import { dynamicHeadingPage } from '@/components/layout/page-shell';
import { blogCategories, includes } from '@/lib/catalog';
import { parsePageNumber } from '@/lib/pagination';

// Page numbers are whole numbers from 1 to the category's page count. Until the blog has
// posts a category has one (empty) page, so only /page/1 exists.
const pageCount = (_category: string) => 1;

export const dynamicParams = false;
export function generateStaticParams() {
  return blogCategories.flatMap((category) =>
    Array.from({ length: pageCount(category) }, (_, i) => ({ category, page: String(i + 1) })),
  );
}

const page = dynamicHeadingPage<{ category: string; page: string }>(
  async ({ category, page: pageParam }, locale) => {
    const number = parsePageNumber(pageParam);
    if (!includes(blogCategories, category) || number === null || number > pageCount(category)) {
      return null;
    }
    const t = await getTranslations({ locale, namespace: 'Blog.categories' });
    return {
      path: `/blog/category/${category}/page/${number}`,
      key: 'blogCategoryPage',
      values: { category: t(category), page: number },
    };
  },
);
export const generateMetadata = page.generateMetadata;
export default page.Page;
