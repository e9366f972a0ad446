import { headingPage } from '@/components/layout/page-shell';

const page = headingPage('/download/game-console', 'gameConsole');
export const generateMetadata = page.generateMetadata;
export default page.Page;
