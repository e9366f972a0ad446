// After `next build`, before the CSP manifest and the static files' Brotli copies: the prerendered
// pages request the framework's scripts after their first paint, and their RSC payload from a file
// under .next/static/payload (src/server/http/deferred-scripts.ts). The CSP manifest, written after
// this step, hashes the loader with the page's other inline scripts; `'self'` allows the chunks.
//   node --import tsx scripts/build/defer-scripts.ts [--dist=.next]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { filesUnder } from '../../src/server/http/build-output';
import {
  deferScripts,
  type PayloadKeeper,
  payloadFolder,
  payloadName,
  payloadPath,
} from '../../src/server/http/deferred-scripts';

/**
 * Changes every prerendered page under `<distDir>/server`: `app/` (what the CSP manifest hashes)
 * and `route-cache/` (the copies Next serves from), writing their payload files (the same for both
 * copies of a page); answers how many files it changed.
 */
export function deferPrerenderedScripts(distDir: string): { pages: number; changed: number } {
  let pages = 0;
  let changed = 0;
  const payloads = path.join(distDir, 'static', payloadFolder);
  // Named by content, so both copies of a page share one file.
  const keep: PayloadKeeper = (json) => {
    const name = payloadName(json);
    const target = path.join(payloads, name);
    if (!existsSync(target)) {
      mkdirSync(payloads, { recursive: true });
      writeFileSync(target, json);
    }
    return payloadPath + name;
  };
  for (const file of filesUnder(path.join(distDir, 'server'))) {
    if (!file.endsWith('.html')) continue;
    pages++;
    const html = deferScripts(readFileSync(file, 'utf8'), keep);
    if (html === undefined) continue;
    writeFileSync(file, html);
    changed++;
  }
  return { pages, changed };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const distDir = path.resolve(
    process.argv.find((arg) => arg.startsWith('--dist='))?.slice(7) ?? '.next',
  );
  const started = performance.now();
  const { pages, changed } = deferPrerenderedScripts(distDir);
  console.log(
    `defer-scripts: ${changed} of ${pages} prerendered page files now load their scripts after the first paint (${Math.round(performance.now() - started)} ms)`,
  );
}
