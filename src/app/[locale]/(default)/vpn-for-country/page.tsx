import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/vpn-for-country', 'vpnForCountry');
export const generateMetadata = page.generateMetadata;
export default page.Page;
