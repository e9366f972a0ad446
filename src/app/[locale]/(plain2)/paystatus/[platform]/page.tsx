import { getTranslations } from 'next-intl/server';
import { dynamicHeadingPage } from '@/components/layout/page-shell';
import { includes, paymentPlatforms } from '@/lib/catalog';

export const dynamicParams = false;
export function generateStaticParams() {
  return paymentPlatforms.map((platform) => ({ platform }));
}

const page = dynamicHeadingPage<{ platform: string }>(async ({ platform }, locale) => {
  if (!includes(paymentPlatforms, platform)) return null;
  const t = await getTranslations({ locale, namespace: 'Payment.platforms' });
  return {
    path: `/paystatus/${platform}`,
    key: 'paystatusPlatform',
    values: { platform: t(platform) },
  };
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
