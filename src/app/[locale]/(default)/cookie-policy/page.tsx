import { contentPage } from '@/components/info/content-page';

const page = contentPage('/cookie-policy', 'cookiePolicy', {
  area: 'legal',
  name: 'cookie-policy',
  variant: 'legal',
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
