import { ListingPage, listingMetadata } from '@/components/blog/listing-page';

// /blog/more: the whole archive, newest first, paged with ?page=N (the proxy answers 404 past
// the last page).
export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ page?: string | string[] }>;
};

const pageOf = (value: string | string[] | undefined) =>
  typeof value === 'string' ? value : undefined;

export async function generateMetadata({ params, searchParams }: Props) {
  return listingMetadata('more', await params, pageOf((await searchParams).page));
}

export default async function BlogArchivePage({ params, searchParams }: Props) {
  return (
    <ListingPage kind="more" raw={await params} pageQuery={pageOf((await searchParams).page)} />
  );
}
