import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/blog/tag', 'blogTag');
export const generateMetadata = page.generateMetadata;
export default page.Page;
