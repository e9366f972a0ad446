import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/popular-uses', 'popularUses');
export const generateMetadata = page.generateMetadata;
export default page.Page;
