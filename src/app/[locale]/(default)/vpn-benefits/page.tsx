import { contentPage } from '@/components/info/content-page';

const page = contentPage('/vpn-benefits', 'vpnBenefits', {
  area: 'info',
  name: 'vpn-benefits',
  variant: 'info',
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
