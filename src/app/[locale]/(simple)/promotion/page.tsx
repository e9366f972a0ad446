import { headingPage } from '@/components/layout/page-shell';
import { claims } from '@/lib/site';

// The promotion has its own, shorter money-back window (spec 1).
const page = headingPage('/promotion', 'promotion', {
  values: { days: claims.promotionMoneyBackDays },
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
