import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/resetPassword', 'resetPassword');
export const generateMetadata = page.generateMetadata;
export default page.Page;
