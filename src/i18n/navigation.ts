import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

// Import Link, redirect and the router hooks only from here, so every link keeps its locale.
export const { Link, redirect, usePathname, useRouter, getPathname } = createNavigation(routing);
