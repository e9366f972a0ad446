import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/win-pay/native', 'winPayNative');
export const generateMetadata = page.generateMetadata;
export default page.Page;
