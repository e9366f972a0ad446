import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/win-pay-result', 'winPayResult');
export const generateMetadata = page.generateMetadata;
export default page.Page;
