import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/gift-card', 'giftCard');
export const generateMetadata = page.generateMetadata;
export default page.Page;
