import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/wfh/pc', 'wfhPc');
export const generateMetadata = page.generateMetadata;
export default page.Page;
