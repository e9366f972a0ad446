import { contentPage } from '@/components/info/content-page';
import { TierComparison } from '@/components/info/tier-comparison';

const page = contentPage('/free-vpn', 'freeVpn', {
  area: 'info',
  name: 'free-vpn',
  variant: 'info',
  before: (locale) => <TierComparison locale={locale} />,
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
