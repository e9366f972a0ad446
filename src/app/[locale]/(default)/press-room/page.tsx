import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/press-room', 'pressRoom');
export const generateMetadata = page.generateMetadata;
export default page.Page;
