import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/contact-us', 'contactUs');
export const generateMetadata = page.generateMetadata;
export default page.Page;
