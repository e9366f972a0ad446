import { programmePage } from '@/components/forms/programme-page';

const page = programmePage('affiliate');
export const generateMetadata = page.generateMetadata;
export default page.Page;
