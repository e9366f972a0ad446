import { contentPage } from '@/components/page-factories/content-page';

const page = contentPage('/policy', 'policy', { area: 'legal', name: 'policy', variant: 'legal' });
export const generateMetadata = page.generateMetadata;
export default page.Page;
