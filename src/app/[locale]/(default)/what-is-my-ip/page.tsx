import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/what-is-my-ip', 'whatIsMyIp');
export const generateMetadata = page.generateMetadata;
export default page.Page;
