import { contentPage } from '@/components/page-factories/content-page';

const page = contentPage('/wfh', 'wfh', { area: 'info', name: 'wfh', variant: 'info' });
export const generateMetadata = page.generateMetadata;
export default page.Page;
