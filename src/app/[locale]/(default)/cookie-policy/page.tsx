import { contentPage } from '@/components/page-factories/content-page';

const page = contentPage('/cookie-policy', 'cookiePolicy', {
  area: 'legal',
  name: 'cookie-policy',
  variant: 'legal',
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
