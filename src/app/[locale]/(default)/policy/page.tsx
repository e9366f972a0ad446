import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/policy', 'policy');
export const generateMetadata = page.generateMetadata;
export default page.Page;
