import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/faq', 'faq');
export const generateMetadata = page.generateMetadata;
export default page.Page;
