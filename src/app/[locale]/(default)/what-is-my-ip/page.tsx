import { IpCheckCard } from '@/components/info/ip-check-card';
import { contentPage } from '@/components/page-factories/content-page';

const page = contentPage('/what-is-my-ip', 'whatIsMyIp', {
  area: 'info',
  name: 'what-is-my-ip',
  variant: 'info',
  header: () => null,
  before: (locale) => <IpCheckCard locale={locale} />,
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
