import { programmePage } from '@/components/page-factories/programme-page';

const page = programmePage('affiliate');
export const generateMetadata = page.generateMetadata;
export default page.Page;
