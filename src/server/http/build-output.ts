// What the production server and the build steps both know about a build's folder (.next): where
// the project is, the .env files both read, the origin a build's pages name, and which framework
// files have Brotli copies.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nextEnv from '@next/env';

/** The project's root folder (this file is src/server/http/build-output.ts). */
export const repoRoot = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
);

/**
 * Loads the .env files into process.env as `next build` and the server do (the environment wins
 * over them; .env.production.local, .env.local, .env.production, .env), so that SITE_URL and
 * PORT are read as the build and the server will read them.
 */
export function loadEnvFiles(root = repoRoot): void {
  nextEnv.loadEnvConfig(root, false, { info: () => {}, error: console.error });
}

/** The origin of a URL, or undefined when it is not one. */
export function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The origin the build in `root` was made for, which its prerendered pages name: read from the
 * prerendered robots.txt, whose Sitemap line src/app/robots.ts writes from SITE_URL. Undefined
 * without one (no build yet, or Next stored it elsewhere): then nothing is compared.
 */
export function builtSiteOrigin(root = repoRoot): string | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(root, '.next', 'server', 'app', 'robots.txt.body'), 'utf8');
  } catch {
    return undefined;
  }
  const sitemap = /^Sitemap:\s*(\S+)\s*$/im.exec(text)?.[1];
  return sitemap ? originOf(sitemap) : undefined;
}

/**
 * The framework files worth compressing, by extension, with the Content-Type they are served
 * with; images and fonts in .next/static are compressed already.
 */
export const compressedTypes: Readonly<Record<string, string>> = {
  '.js': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
  '.json': 'application/json; charset=UTF-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=UTF-8',
  '.map': 'application/json; charset=UTF-8',
};

/** Every file under `dir`, recursively; none when `dir` does not exist. */
export function* filesUnder(dir: string): Generator<string> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}
