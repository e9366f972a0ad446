import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/cookie-policy', 'cookiePolicy');
export const generateMetadata = page.generateMetadata;
export default page.Page;
