import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/blog/category', 'blogCategoryIndex');
export const generateMetadata = page.generateMetadata;
export default page.Page;
