import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ReturnPage } from '@/components/pricing/return-page';
import { includes, paymentPlatforms } from '@/lib/catalog';
import type { Locale } from '@/lib/locales';
import { localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

export const dynamicParams = false;
export function generateStaticParams() {
  return paymentPlatforms.map((platform) => ({ platform }));
}

type Props = { params: Promise<{ locale: string; platform: string }> };

async function textOf(locale: Locale, platform: string) {
  const t = await getTranslations({ locale, namespace: 'Payment.platforms' });
  const known = includes(paymentPlatforms, platform) ? platform : 'web';
  return pageText(locale, 'paystatusPlatform', { platform: t(known) });
}

export async function generateMetadata({ params }: Props) {
  const locale = await localeOf(params);
  const { platform } = await params;
  return metadataFor(locale, `/paystatus/${platform}`, await textOf(locale, platform));
}

// The return page of a purchase started on one platform (the site's checkout uses `web`).
export default async function PayStatusPlatformPage({ params }: Props) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const { platform } = await params;
  // Only the listed platforms are built (dynamicParams = false); nothing else reaches here.
  if (!includes(paymentPlatforms, platform)) return null;
  const text = await textOf(locale, platform);
  return <ReturnPage locale={locale} heading={text.heading} variant="site" />;
}
