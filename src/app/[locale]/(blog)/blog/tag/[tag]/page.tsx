import { ListingPage, listingMetadata } from '@/components/blog/listing-page';

// Tags come from the database: the proxy answers 404 for a tag without posts.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string; tag: string }> };

export async function generateMetadata({ params }: Props) {
  return listingMetadata('tag', await params);
}

export default async function BlogTagPage({ params }: Props) {
  return <ListingPage kind="tag" raw={await params} />;
}
