import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/terms-of-service', 'termsOfService');
export const generateMetadata = page.generateMetadata;
export default page.Page;
