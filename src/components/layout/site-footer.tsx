import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { claimValues } from '@/lib/claim-values';
import type { Locale } from '@/lib/locales';
import { promotedApps } from '@/lib/site';
import { Container } from '../ui/container';
import { FooterNewsletterSection } from './footer-newsletter-section';
import { LanguageSwitcher } from './language-switcher';

type FooterKey = Parameters<Awaited<ReturnType<typeof getTranslations<'Footer'>>>>[0];

const groups: { title: FooterKey; links: { href: string; label: FooterKey }[] }[] = [
  {
    title: 'product',
    links: [
      { href: '/what-is-vpn', label: 'whatIsVpn' },
      { href: '/free-vpn', label: 'freeVpn' },
      { href: '/vpn-server', label: 'vpnServers' },
      { href: '/what-is-my-ip', label: 'whatIsMyIp' },
      { href: '/gift-card', label: 'giftCard' },
    ],
  },
  {
    title: 'company',
    links: [
      { href: '/aboutus', label: 'aboutus' },
      { href: '/press-room', label: 'pressRoom' },
      { href: '/affiliate-program', label: 'affiliateProgram' },
      { href: '/influencer', label: 'influencer' },
    ],
  },
  {
    title: 'help',
    links: [
      { href: '/faq', label: 'faq' },
      { href: '/contact-us', label: 'contactUs' },
      { href: '/money-back-guarantee', label: 'moneyBack' },
    ],
  },
];

const legalLinks: { href: string; label: FooterKey }[] = [
  { href: '/policy', label: 'policy' },
  { href: '/terms-of-service', label: 'terms' },
  { href: '/cookie-policy', label: 'cookies' },
];

const linkClass = 'inline-block py-1 text-slate-300 no-underline hover:text-white hover:underline';

async function BottomBar({ locale, switcherPath }: { locale: Locale; switcherPath?: string }) {
  const t = await getTranslations('Footer');
  const switcherLabel = (await getTranslations('LanguageSwitcher'))('label');
  const consent = await getTranslations('Consent');
  const tracking = await getTranslations('Tracking');
  return (
    <div className="flex flex-col gap-4 border-t border-navy-800 pt-6 sm:flex-row sm:items-center sm:justify-between">
      <nav aria-label={t('legal')}>
        <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          {legalLinks.map((link) => (
            <li key={link.href}>
              <Link href={link.href} className={linkClass}>
                {t(link.label)}
              </Link>
            </li>
          ))}
          <li>
            {/* Opens the cookie banner again; the tracking island handles the click (issue 7). */}
            <button type="button" data-consent-open="" className={`${linkClass} cursor-pointer`}>
              {consent('settings')}
            </button>
          </li>
        </ul>
      </nav>
      <div className="flex flex-wrap items-center gap-4">
        <p className="text-sm text-slate-300">
          {t('copyright', { year: new Date().getFullYear() })}
        </p>
        {/* DB-IP's licence (CC BY 4.0) asks for this link on pages that use its data. */}
        <a href="https://db-ip.com" className="text-sm text-slate-300 hover:text-white">
          {tracking('geoAttribution')}
        </a>
        <div className="text-navy-900 [&_summary]:border-slate-600 [&_summary]:text-white">
          <LanguageSwitcher locale={locale} label={switcherLabel} path={switcherPath} />
        </div>
      </div>
    </div>
  );
}

/**
 * The full footer: product, apps, company, help and legal links, the newsletter sign-up and the
 * language switcher.
 * `switcherPath`: the page the switcher links to before the browser tells it the URL (the 404
 * page, whose path the server does not know).
 */
export async function SiteFooter({ switcherPath }: { switcherPath?: string } = {}) {
  const locale = (await getLocale()) as Locale;
  const t = await getTranslations('Footer');
  const apps = await getTranslations('Apps');
  const values = claimValues(locale);
  const brand = (await getTranslations('Common'))('brand');
  return (
    <footer className="mt-auto bg-navy-900 text-white">
      <Container className="py-12">
        <div className="grid grid-cols-2 gap-8 lg:grid-cols-5">
          <div className="col-span-2 lg:col-span-1">
            <p className="text-lg font-bold">{brand}</p>
            <p className="mt-2 text-sm text-slate-300">{t('tagline', values)}</p>
          </div>
          <nav aria-label={t('apps')}>
            <h2 className="text-sm font-semibold tracking-wide uppercase">{t('apps')}</h2>
            <ul className="mt-3 text-sm">
              {promotedApps.map((app) => (
                <li key={app.id}>
                  <Link href={app.path} className={linkClass}>
                    {apps(app.id)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {groups.map((group) => (
            <nav key={group.title} aria-label={t(group.title)}>
              <h2 className="text-sm font-semibold tracking-wide uppercase">{t(group.title)}</h2>
              <ul className="mt-3 text-sm">
                {group.links.map((link) => (
                  <li key={link.href}>
                    <Link href={link.href} className={linkClass}>
                      {t(link.label, values)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="mt-10 border-t border-navy-800 pt-8">
          <FooterNewsletterSection locale={locale} />
        </div>
        <div className="mt-10">
          <BottomBar locale={locale} switcherPath={switcherPath} />
        </div>
      </Container>
    </footer>
  );
}

/** The footer of focused layouts: legal links, copyright and the language switcher. */
export async function CompactFooter() {
  const locale = (await getLocale()) as Locale;
  return (
    <footer className="mt-auto bg-navy-900 text-white">
      <Container className="pb-6">
        <BottomBar locale={locale} />
      </Container>
    </footer>
  );
}
