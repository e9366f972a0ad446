import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/features', 'features');
export const generateMetadata = page.generateMetadata;
export default page.Page;
