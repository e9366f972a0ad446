import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/offer', 'offer');
export const generateMetadata = page.generateMetadata;
export default page.Page;
