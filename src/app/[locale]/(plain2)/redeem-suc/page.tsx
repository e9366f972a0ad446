import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/redeem-suc', 'redeemSuc');
export const generateMetadata = page.generateMetadata;
export default page.Page;
