import { headers } from 'next/headers';
import './globals.css';
import { NotFoundFallback, NotFoundPage } from '@/components/layout/not-found-page';
import {
  isNotFoundRoute,
  localeHeaderName,
  notFoundLocale,
} from '@/components/layout/not-found-route';

// Every unknown path ends here: the proxy rewrites it to a path no route matches (with the URL's
// locale in a request header), and Next answers with this page and status 404. Next renders this
// component twice over (see isNotFoundRoute): as that page, which is rendered per request in the
// visitor's language with the site's header and footer, and as the root layout's not-found
// boundary inside every other page's payload, which must stay static and small.
export default async function NotFound(props: { params?: Promise<unknown> }) {
  if (!isNotFoundRoute(props)) return <NotFoundFallback />;
  const locale = notFoundLocale((await headers()).get(localeHeaderName));
  return <NotFoundPage locale={locale} />;
}
