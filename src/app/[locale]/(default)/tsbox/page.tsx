import { contentPage } from '@/components/info/content-page';

const page = contentPage('/tsbox', 'tsbox', { area: 'info', name: 'tsbox', variant: 'info' });
export const generateMetadata = page.generateMetadata;
export default page.Page;
