import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/money-back-guarantee', 'moneyBackGuarantee');
export const generateMetadata = page.generateMetadata;
export default page.Page;
