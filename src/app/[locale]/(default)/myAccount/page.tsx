import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/myAccount', 'myAccount');
export const generateMetadata = page.generateMetadata;
export default page.Page;
