import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/affiliate-program', 'affiliateProgram');
export const generateMetadata = page.generateMetadata;
export default page.Page;
