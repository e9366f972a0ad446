import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/win-pay', 'winPay');
export const generateMetadata = page.generateMetadata;
export default page.Page;
