import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/what-is-vpn', 'whatIsVpn');
export const generateMetadata = page.generateMetadata;
export default page.Page;
