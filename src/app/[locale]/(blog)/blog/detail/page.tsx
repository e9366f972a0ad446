import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/blog/detail', 'blogDetail');
export const generateMetadata = page.generateMetadata;
export default page.Page;
