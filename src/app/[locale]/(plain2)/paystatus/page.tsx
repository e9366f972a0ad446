import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/paystatus', 'paystatus');
export const generateMetadata = page.generateMetadata;
export default page.Page;
