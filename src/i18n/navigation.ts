import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

// Import Link, redirect and the router hooks only from here, so every link keeps its locale.
export const { redirect, usePathname, useRouter, getPathname } = createNavigation(routing);
// next-intl's Link in a thin client wrapper that skips prefetching on 2g / data saver (spec 4).
export { Link } from '@/components/tracking/prefetch-link';
