import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/edmsub', 'edmsub');
export const generateMetadata = page.generateMetadata;
export default page.Page;
