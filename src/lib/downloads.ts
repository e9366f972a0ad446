// The downloads manifest's shape (content/downloads.json; a deployment's DOWNLOADS_MANIFEST
// overrides it per platform, src/server/content/downloads.ts). Isomorphic: the loader validates
// with it, the proxy's redirect allowlist reads the store hosts, the pages render its entries.
import { z } from 'zod';
import { appProducts } from './catalog';

/** Every app the site offers: the five with a page of their own and the Chrome extension. */
export const downloadProducts = [...appProducts, 'chrome'] as const;
export type DownloadProduct = (typeof downloadProducts)[number];

/** The official stores' hosts: a store entry must live on one, and /redirect may forward there. */
export const storeHosts = {
  'Microsoft Store': 'apps.microsoft.com',
  'Mac App Store': 'apps.apple.com',
  'App Store': 'apps.apple.com',
  'Google Play': 'play.google.com',
  'Chrome Web Store': 'chromewebstore.google.com',
} as const;
export type StoreName = keyof typeof storeHosts;

const httpsUrl = z.url({ protocol: /^https$/, message: 'must be an https URL' });

const storeEntry = z
  .object({
    /**
     * `listing`: the app's own page in the store. `search`: the store's search results for the
     * app's name, until the listing is known; the page then says whose app to pick.
     */
    kind: z.enum(['listing', 'search']),
    store: z.enum(Object.keys(storeHosts) as [StoreName, ...StoreName[]]),
    url: httpsUrl,
  })
  .strict()
  .superRefine((entry, ctx) => {
    const host = storeHosts[entry.store];
    if (URL.canParse(entry.url) && new URL(entry.url).hostname !== host) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: `must be on ${host}` });
    }
  });

const installerEntry = z
  .object({
    kind: z.literal('installer'),
    url: httpsUrl,
    version: z.string().regex(/^\d+(\.\d+){1,3}$/, 'must be a version such as 3.2.1'),
    /** Bytes. */
    size: z.number().int().positive(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lower-case hexadecimal digits'),
    /** The oldest system the installer runs on, as its vendor names it ("Windows 10", "macOS 12"). */
    minOs: z.string().min(3).max(40),
    released: z.iso.date({ message: 'must be a date such as 2026-11-02' }),
  })
  .strict()
  .superRefine((entry, ctx) => {
    if (!URL.canParse(entry.url)) return;
    if (!/^[\w.-]+\.(exe|msi|msix|dmg|pkg)$/.test(installerFile(entry))) {
      ctx.addIssue({
        code: 'custom',
        path: ['url'],
        message: 'must end in the installer file (.exe, .msi, .msix, .dmg or .pkg)',
      });
    }
  });

export type StoreEntry = z.infer<typeof storeEntry>;
export type InstallerEntry = z.infer<typeof installerEntry>;
export type DownloadEntry = StoreEntry | InstallerEntry;

/** Windows and macOS may ship an installer; phones and Chrome install only from their store. */
const entryFor = (product: DownloadProduct) =>
  product === 'windows' || product === 'macos' ? z.union([installerEntry, storeEntry]) : storeEntry;

const publisherSchema = z.string().min(2).max(80);

const appsSchema = z
  .object(
    Object.fromEntries(downloadProducts.map((product) => [product, entryFor(product)])) as {
      [P in DownloadProduct]: ReturnType<typeof entryFor>;
    },
  )
  .strict();

export const downloadsManifestSchema = z
  .object({
    /** The developer name the stores show: how a visitor tells the real app from a look-alike. */
    publisher: publisherSchema,
    apps: appsSchema,
  })
  .strict();

/** A deployment's override: any subset of the apps, and optionally the publisher. */
export const downloadsOverrideSchema = z
  .object({ publisher: publisherSchema.optional(), apps: appsSchema.partial().default({}) })
  .strict();

export type DownloadsManifest = z.infer<typeof downloadsManifestSchema>;

/** The file name a visitor's browser saves an installer as. */
export function installerFile(entry: Pick<InstallerEntry, 'url'>): string {
  return new URL(entry.url).pathname.split('/').pop() ?? '';
}

/** The command that prints a downloaded installer's SHA-256, in the platform's own shell. */
export function checksumCommand(product: 'windows' | 'macos', file: string): string {
  return product === 'windows'
    ? `Get-FileHash "$HOME\\Downloads\\${file}" -Algorithm SHA256`
    : `shasum -a 256 ~/Downloads/${file}`;
}
