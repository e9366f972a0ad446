import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/aboutus', 'aboutus');
export const generateMetadata = page.generateMetadata;
export default page.Page;
