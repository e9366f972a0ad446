import { contentPage } from '@/components/page-factories/content-page';

const page = contentPage('/terms-of-service', 'termsOfService', {
  area: 'legal',
  name: 'terms-of-service',
  variant: 'legal',
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
