import { contentPage } from '@/components/page-factories/content-page';

const page = contentPage('/tsbox', 'tsbox', { area: 'info', name: 'tsbox', variant: 'info' });
export const generateMetadata = page.generateMetadata;
export default page.Page;
