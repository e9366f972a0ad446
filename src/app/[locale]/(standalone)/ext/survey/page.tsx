import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/ext/survey', 'extSurvey');
export const generateMetadata = page.generateMetadata;
export default page.Page;
