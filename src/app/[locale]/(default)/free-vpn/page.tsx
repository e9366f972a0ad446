import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/free-vpn', 'freeVpn');
export const generateMetadata = page.generateMetadata;
export default page.Page;
