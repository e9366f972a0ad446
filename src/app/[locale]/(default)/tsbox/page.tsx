import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/tsbox', 'tsbox');
export const generateMetadata = page.generateMetadata;
export default page.Page;
