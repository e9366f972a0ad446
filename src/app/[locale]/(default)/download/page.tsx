import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/download', 'download');
export const generateMetadata = page.generateMetadata;
export default page.Page;
