import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/paySuc', 'paySuc');
export const generateMetadata = page.generateMetadata;
export default page.Page;
