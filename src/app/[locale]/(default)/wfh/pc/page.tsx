import { contentPage } from '@/components/page-factories/content-page';

const page = contentPage('/wfh/pc', 'wfhPc', { area: 'info', name: 'wfh-pc', variant: 'info' });
export const generateMetadata = page.generateMetadata;
export default page.Page;
