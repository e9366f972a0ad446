import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/blog', 'blog');
export const generateMetadata = page.generateMetadata;
export default page.Page;
