import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/blog/search', 'blogSearch');
export const generateMetadata = page.generateMetadata;
export default page.Page;
