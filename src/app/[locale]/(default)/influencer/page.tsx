import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/influencer', 'influencer');
export const generateMetadata = page.generateMetadata;
export default page.Page;
