import { contentPage } from '@/components/page-factories/content-page';

const page = contentPage('/what-is-vpn', 'whatIsVpn', {
  area: 'info',
  name: 'what-is-vpn',
  variant: 'info',
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
