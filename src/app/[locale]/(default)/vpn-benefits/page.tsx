import { contentPage } from '@/components/page-factories/content-page';

const page = contentPage('/vpn-benefits', 'vpnBenefits', {
  area: 'info',
  name: 'vpn-benefits',
  variant: 'info',
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
