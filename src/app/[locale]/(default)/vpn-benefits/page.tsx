import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/vpn-benefits', 'vpnBenefits');
export const generateMetadata = page.generateMetadata;
export default page.Page;
