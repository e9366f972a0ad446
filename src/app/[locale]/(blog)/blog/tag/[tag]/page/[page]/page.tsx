import { ListingPage, listingMetadata } from '@/components/blog/listing-page';

// Tags and page numbers come from the database: the proxy answers 404 for unknown ones.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string; tag: string; page: string }> };

export async function generateMetadata({ params }: Props) {
  return listingMetadata('tag', await params);
}

export default async function BlogTagListPage({ params }: Props) {
  return <ListingPage kind="tag" raw={await params} />;
}
