import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/vpn-server', 'vpnServer');
export const generateMetadata = page.generateMetadata;
export default page.Page;
