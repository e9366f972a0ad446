import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/login', 'login');
export const generateMetadata = page.generateMetadata;
export default page.Page;
