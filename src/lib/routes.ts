// The site's route table (spec 2.2): one source for the sitemap, the proxy's aliases and
// redirects, the protected group and the route tests. Pages live at the same paths under
// src/app/[locale]/(<layout>)/; a unit test checks that the two agree.

import { aliases, canonicalPath } from './aliases';
import {
  appProducts,
  blogCategories,
  featureSlugs,
  gameConsoles,
  paymentPlatforms,
  serverCountrySlugs,
  useCaseFamilies,
  useCases,
} from './catalog';

export { aliases, canonicalPath };

export type Layout =
  | 'default'
  | 'plain'
  | 'plain2'
  | 'simple'
  | 'standalone'
  | 'internetaccess'
  | 'blog';

export interface SiteRoute {
  /** Site path without locale prefix, spelled as the spec spells it. */
  path: string;
  layout: Layout;
  /** Listed in the sitemap and indexable by search engines. */
  indexed: boolean;
}

const r = (path: string, layout: Layout, indexed = true): SiteRoute => ({ path, layout, indexed });

const general: SiteRoute[] = [
  r('/', 'default'),
  r('/aboutus', 'default'),
  r('/affiliate-program', 'default'),
  r('/cookie-policy', 'default'),
  r('/policy', 'default'),
  r('/terms-of-service', 'default'),
  r('/faq', 'default'),
  r('/contact-us', 'default'),
  r('/promotion', 'simple'),
  r('/press-room', 'default'),
  r('/edmsub', 'simple', false),
  r('/redirect', 'simple', false),
  r('/wfh', 'default'),
  r('/wfh/pc', 'default'),
  r('/what-is-vpn', 'default'),
  r('/vpn-benefits', 'default'),
  r('/free-vpn', 'default'),
  r('/money-back-guarantee', 'default'),
  r('/gift-card', 'default'),
  r('/influencer', 'default'),
  r('/tsbox', 'default'),
  r('/ext/survey', 'standalone', false),
  r('/redeem-suc', 'plain2', false),
  r('/offer', 'simple'),
  r('/popular-uses', 'default'),
  r('/vpn-for-country', 'default'),
  r('/what-is-my-ip', 'default'),
];

const blog: SiteRoute[] = [
  r('/blog', 'blog'),
  r('/blog/category', 'blog'),
  r('/blog/detail', 'blog', false),
  r('/blog/more', 'blog'),
  r('/blog/search', 'blog', false),
  r('/blog/tag', 'blog'),
  ...blogCategories.flatMap((c) => [
    r(`/blog/category/${c}`, 'blog'),
    r(`/blog/category/${c}/page/1`, 'blog', false),
  ]),
];

const downloads: SiteRoute[] = [
  r('/download', 'default'),
  r('/download/game-console', 'default'),
  ...gameConsoles.map((c) => r(`/download/${c}`, 'default')),
  ...appProducts.map((p) => r(`/download/${p}`, 'default')),
];

const features: SiteRoute[] = [
  r('/features', 'default'),
  ...featureSlugs.map((s) => r(`/features/${s}`, 'default')),
];

const servers: SiteRoute[] = [
  r('/vpn-server', 'default'),
  ...serverCountrySlugs.map((c) => r(`/vpn-server/${c}`, 'default')),
];

const internetAccess: SiteRoute[] = useCaseFamilies.flatMap((family) => [
  r(`/InternetAccess/${family}`, 'internetaccess'),
  ...useCases[family].map((child) => r(`/InternetAccess/${family}/${child}`, 'internetaccess')),
]);

const account: SiteRoute[] = [
  r('/login', 'plain', false),
  r('/forgetPassword', 'plain', false),
  r('/resetPassword', 'plain', false),
  r('/endSession', 'plain', false),
  r('/myAccount', 'default', false),
  r('/pricing', 'default'),
  r('/pricing/checkout', 'plain2', false),
  r('/pricing/standplan', 'plain2', false),
  r('/paystatus', 'plain2', false),
  ...paymentPlatforms.map((p) => r(`/paystatus/${p}`, 'plain2', false)),
  r('/paySuc', 'plain2', false),
  r('/win-pay', 'standalone', false),
  r('/win-pay/native', 'standalone', false),
  r('/win-pay-result', 'standalone', false),
];

/** Every concrete page of the site, in the order the sitemap lists them. */
export const siteRoutes: readonly SiteRoute[] = [
  ...general,
  ...features,
  ...downloads,
  ...servers,
  ...internetAccess,
  ...blog,
  ...account,
];

/** Old paths that move permanently (308), keeping locale and query. */
export const permanentRedirects: Readonly<Record<string, string>> = {
  '/paypal': '/pricing',
  '/paypalSuc': '/paySuc',
  '/payStatus': '/paystatus',
  '/m/paypal': '/pricing',
  '/m/paypalSuc': '/paySuc',
  '/m/payStatus': '/paystatus',
  '/m/myaccount': '/myAccount',
  '/m/myAccount': '/myAccount',
  '/m/paystatus': '/paystatus',
  '/m/paysuc': '/paySuc',
  '/m/paySuc': '/paySuc',
  '/features/split-tunneling': '/features/spilt-tunneling',
};

/** The protected group (spec 2.3): without a session these go to /login?redirect=… */
export function isProtectedPath(path: string): boolean {
  const base = path.startsWith('/m/') ? path.slice(2) : path;
  const lower = base.toLowerCase();
  return (
    lower === '/myaccount' ||
    lower === '/paystatus' ||
    lower.startsWith('/paystatus/') ||
    lower === '/paypalsuc' ||
    lower === '/paysuc'
  );
}

export function findRoute(path: string): SiteRoute | undefined {
  const target = canonicalPath(path);
  return siteRoutes.find((route) => route.path === target);
}

/**
 * Paths whose existence only the database knows (posts, tags, deeper blog pages, plan ids).
 * The proxy lets them through to their pages, which decide; everything else that is not in
 * the route table is rewritten to the not-found page.
 */
export const delegatedPatterns: readonly RegExp[] = [
  /^\/blog\/(?!category$|tag$|detail$|more$|search$)[^/]+$/,
  /^\/blog\/tag\/[^/]+(?:\/page\/[1-9]\d{0,5})?$/,
  /^\/blog\/category\/[^/]+\/page\/[1-9]\d{0,5}$/,
  /^\/pricing\/checkout\/[^/]+$/,
];

/** True for a page of the route table or a path delegated to a database-backed page. */
export function isKnownPath(path: string): boolean {
  return findRoute(path) !== undefined || delegatedPatterns.some((pattern) => pattern.test(path));
}

/**
 * Where the proxy sends unknown paths: no route matches it, so Next renders the root
 * not-found page completely on the server with status 404 (see docs/architecture.md).
 */
export const notFoundPath = '/__not-found__';
