import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/blog/more', 'blogMore');
export const generateMetadata = page.generateMetadata;
export default page.Page;
