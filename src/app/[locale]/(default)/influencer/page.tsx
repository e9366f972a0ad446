import { programmePage } from '@/components/page-factories/programme-page';

// `?campaign=` is read in the browser (the page is prerendered): see PartnerForm.
const page = programmePage('influencer');
export const generateMetadata = page.generateMetadata;
export default page.Page;
