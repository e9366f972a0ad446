import { ListingPage, listingMetadata } from '@/components/blog/listing-page';

// Page numbers come from the database: the proxy answers 404 past the last page.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string; category: string; page: string }> };

export async function generateMetadata({ params }: Props) {
  return listingMetadata('category', await params);
}

export default async function BlogCategoryListPage({ params }: Props) {
  return <ListingPage kind="category" raw={await params} />;
}
