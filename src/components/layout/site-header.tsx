import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { Link } from '@/i18n/navigation';
import { AccountLink } from '../account/account-link';
import { Container } from '../ui/container';
import { LogoLink } from './logo-link';
import { MobileNav } from './mobile-nav';

const navItems = [
  { href: '/features', key: 'features' },
  { href: '/pricing', key: 'pricing' },
  { href: '/download', key: 'download' },
  { href: '/vpn-server', key: 'servers' },
  { href: '/popular-uses', key: 'useCases' },
  { href: '/blog', key: 'blog' },
  { href: '/faq', key: 'faq' },
] as const;

/** The full header: logo, main navigation and the account link. */
export async function SiteHeader() {
  const t = await getTranslations('Nav');
  return (
    // z-30: the open phone menu's veil lies over the page (the consent banner and toasts, z-50,
    // stay above it).
    <header className="relative z-30 border-b border-slate-200 bg-white">
      {/* Wraps on phones: the open menu is a second row, below the logo and the menu button. */}
      <Container className="flex min-h-16 flex-wrap items-center justify-between gap-x-4 lg:flex-nowrap">
        <LogoLink />
        <MobileNav openLabel={t('openMenu')} closeLabel={t('closeMenu')}>
          <nav aria-label={t('label')}>
            <ul className="flex flex-col gap-1 pt-2 pb-4 lg:flex-row lg:items-center lg:gap-1 lg:p-0">
              {navItems.map((item) => (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    className="block rounded-full px-3 py-2 font-medium no-underline hover:bg-slate-100"
                  >
                    {t(item.key)}
                  </Link>
                </li>
              ))}
              <li className="lg:ms-2">
                {/* Client island: "My account" once the browser knows it is signed in. */}
                <AccountLink loginLabel={t('login')} accountLabel={t('account')} />
              </li>
            </ul>
          </nav>
        </MobileNav>
      </Container>
    </header>
  );
}

/** The header of focused layouts (account, checkout, landing, standalone): logo and one aside. */
export function MinimalHeader({ aside }: { aside?: ReactNode }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <Container className="flex min-h-16 items-center justify-between gap-4">
        <LogoLink />
        {aside}
      </Container>
    </header>
  );
}
