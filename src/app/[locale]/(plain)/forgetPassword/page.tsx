import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/forgetPassword', 'forgetPassword');
export const generateMetadata = page.generateMetadata;
export default page.Page;
