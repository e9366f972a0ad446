import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/redirect', 'redirect');
export const generateMetadata = page.generateMetadata;
export default page.Page;
