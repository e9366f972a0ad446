// The hashes of every prerendered page's inline scripts (docs/security.md, "CSP"). A prerendered
// page cannot carry a per-request nonce, so its policy lists the SHA-256 of each inline script it
// contains. `scripts/build/csp-manifest.ts` writes them to .next/csp-manifest.json after `next build`;
// the proxy reads that file once. A build without it (a bare `next build`) still works: the
// proxy then hashes each prerendered page's HTML on its first request.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inlineScriptHashes } from './csp';

export const cspManifestFile = 'csp-manifest.json';

export interface CspManifest {
  version: 1;
  /** The build these hashes belong to (.next/BUILD_ID). */
  buildId: string;
  /** Distinct hashes; routes refer to them by index (most scripts repeat across pages). */
  hashes: string[];
  /** Prerendered path (e.g. `/ar/features`) → indexes into `hashes`. */
  routes: Record<string, number[]>;
}

interface PrerenderManifest {
  routes: Record<string, unknown>;
}

function readBuildId(distDir: string): string {
  return readFileSync(path.join(distDir, 'BUILD_ID'), 'utf8').trim();
}

function readPrerenderedPaths(distDir: string): string[] {
  const manifest = JSON.parse(
    readFileSync(path.join(distDir, 'prerender-manifest.json'), 'utf8'),
  ) as PrerenderManifest;
  return Object.keys(manifest.routes);
}

/** Where Next keeps the prerendered HTML of a path. */
export function prerenderedHtmlFile(distDir: string, route: string): string {
  return path.join(distDir, 'server', 'app', `${route === '/' ? '/index' : route}.html`);
}

/** Reads the build in `distDir` and returns the hashes of every prerendered page. */
export function buildCspManifest(distDir: string): CspManifest {
  const buildId = readBuildId(distDir);
  const hashes: string[] = [];
  const indexOf = new Map<string, number>();
  const routes: Record<string, number[]> = {};
  for (const route of readPrerenderedPaths(distDir).sort()) {
    const file = prerenderedHtmlFile(distDir, route);
    // Route handlers (robots.txt, the icon) are prerendered too, but are not HTML.
    if (!existsSync(file)) continue;
    routes[route] = inlineScriptHashes(readFileSync(file, 'utf8')).map((hash) => {
      let index = indexOf.get(hash);
      if (index === undefined) {
        index = hashes.push(hash) - 1;
        indexOf.set(hash, index);
      }
      return index;
    });
  }
  return { version: 1, buildId, hashes, routes };
}

export interface CspManifestSummary {
  pages: number;
  distinctHashes: number;
  mostHashesOnOnePage: number;
}

/** Builds the manifest of `distDir` and writes it there. */
export function writeCspManifest(distDir: string): CspManifestSummary {
  const manifest = buildCspManifest(distDir);
  writeFileSync(path.join(distDir, cspManifestFile), JSON.stringify(manifest));
  const counts = Object.values(manifest.routes).map((list) => list.length);
  return {
    pages: counts.length,
    distinctHashes: manifest.hashes.length,
    mostHashesOnOnePage: Math.max(0, ...counts),
  };
}

/** Whether `distDir` has a manifest written for its current build. */
export function cspManifestIsCurrent(distDir: string): boolean {
  try {
    const manifest = JSON.parse(
      readFileSync(path.join(distDir, cspManifestFile), 'utf8'),
    ) as Partial<CspManifest>;
    return manifest.version === 1 && manifest.buildId === readBuildId(distDir);
  } catch {
    return false;
  }
}

/** Answers the script hashes of a prerendered path, or `undefined` for any other path. */
export type PrerenderedHashes = (route: string) => readonly string[] | undefined;

/**
 * The lookup the proxy uses: the written manifest when it belongs to the build being served,
 * otherwise each prerendered page's HTML hashed on first use (and remembered).
 */
export function prerenderedHashesOf(distDir: string, warn = console.warn): PrerenderedHashes {
  let lookup: PrerenderedHashes | undefined;
  const load = (): PrerenderedHashes => {
    if (cspManifestIsCurrent(distDir)) {
      const manifest = JSON.parse(
        readFileSync(path.join(distDir, cspManifestFile), 'utf8'),
      ) as CspManifest;
      const cache = new Map<string, string[]>();
      return (route) => {
        const indexes = manifest.routes[route];
        if (!indexes) return undefined;
        let hashes = cache.get(route);
        if (!hashes) {
          hashes = indexes.map((index) => manifest.hashes[index] ?? '');
          cache.set(route, hashes);
        }
        return hashes;
      };
    }
    let prerendered: Set<string>;
    try {
      prerendered = new Set(readPrerenderedPaths(distDir));
    } catch {
      // No production build here (the development server): every page renders per request.
      return () => undefined;
    }
    warn(
      `[csp] ${path.join(distDir, cspManifestFile)} is missing or from another build; ` +
        'hashing prerendered pages on first request (run `npm run build` to write it)',
    );
    const cache = new Map<string, string[] | null>();
    return (route) => {
      if (!prerendered.has(route)) return undefined;
      const known = cache.get(route);
      if (known !== undefined) return known ?? undefined;
      let hashes: string[] | null = null;
      try {
        hashes = inlineScriptHashes(readFileSync(prerenderedHtmlFile(distDir, route), 'utf8'));
      } catch {
        hashes = null; // not HTML (a prerendered route handler)
      }
      cache.set(route, hashes);
      return hashes ?? undefined;
    };
  };
  return (route) => {
    lookup ??= load();
    return lookup(route);
  };
}
