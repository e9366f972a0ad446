import { contentPage } from '@/components/info/content-page';

const page = contentPage('/wfh/pc', 'wfhPc', { area: 'info', name: 'wfh-pc', variant: 'info' });
export const generateMetadata = page.generateMetadata;
export default page.Page;
