import { contentPage } from '@/components/info/content-page';

const page = contentPage('/wfh', 'wfh', { area: 'info', name: 'wfh', variant: 'info' });
export const generateMetadata = page.generateMetadata;
export default page.Page;
