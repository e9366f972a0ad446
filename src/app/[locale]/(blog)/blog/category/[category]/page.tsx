import { ListingPage, listingMetadata } from '@/components/blog/listing-page';
import { blogCategories } from '@/lib/catalog';

// The six categories are known; their posts come from the database on demand.
export const dynamic = 'force-dynamic';
export const dynamicParams = false;
export function generateStaticParams() {
  return blogCategories.map((category) => ({ category }));
}

type Props = { params: Promise<{ locale: string; category: string }> };

export async function generateMetadata({ params }: Props) {
  return listingMetadata('category', await params);
}

export default async function BlogCategoryPage({ params }: Props) {
  return <ListingPage kind="category" raw={await params} />;
}
