import { TierComparison } from '@/components/info/tier-comparison';
import { contentPage } from '@/components/page-factories/content-page';

const page = contentPage('/free-vpn', 'freeVpn', {
  area: 'info',
  name: 'free-vpn',
  variant: 'info',
  before: (locale) => <TierComparison locale={locale} />,
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
