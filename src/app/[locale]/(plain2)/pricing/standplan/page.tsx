import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/pricing/standplan', 'standplan');
export const generateMetadata = page.generateMetadata;
export default page.Page;
