import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/pricing/checkout', 'checkout');
export const generateMetadata = page.generateMetadata;
export default page.Page;
