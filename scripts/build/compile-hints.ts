// After `next build`: marks the JavaScript every page runs at start-up with V8's explicit compile
// hint, `//# allFunctionsCalledOnLoad` on the file's first line (https://v8.dev/blog/explicit-compile-hints).
// Chrome then compiles those files' functions on a background thread while they download, instead
// of compiling each function lazily on the main thread the first time it is called. React and the
// Next.js runtime are almost entirely called during hydration, so the long start-up task on the
// main thread shrinks (docs/perf.md: total blocking time). Browsers without the feature read a
// comment. Only start-up files are marked: the root main files of .next/build-manifest.json and
// each route's entry files (page_client-reference-manifest.js); chunks loaded later stay lazy.
//   node --import tsx scripts/build/compile-hints.ts [--dist=.next] [--check]
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const compileHint = '//# allFunctionsCalledOnLoad\n';

/** Every `.../page_client-reference-manifest.js` (or layout's) under `dir`. */
function referenceManifests(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...referenceManifests(full));
    else if (entry.name.endsWith('_client-reference-manifest.js')) found.push(full);
  }
  return found;
}

/** The files under `distDir` (e.g. `static/chunks/x.js`) that pages load when they start. */
export function startupChunks(distDir: string): string[] {
  const build: { rootMainFiles?: string[] } = JSON.parse(
    readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8'),
  );
  const chunks = new Set<string>(build.rootMainFiles ?? []);
  const appDir = path.join(distDir, 'server', 'app');
  for (const manifest of existsSync(appDir) ? referenceManifests(appDir) : []) {
    const text = readFileSync(manifest, 'utf8');
    // "entryJSFiles":{"[project]/src/app/layout":["static/chunks/a.js", …], …}
    for (const block of text.matchAll(/"entryJSFiles":\{([^}]*)\}/g)) {
      for (const file of (block[1] ?? '').matchAll(/"(static\/chunks\/[\w.-]+\.js)"/g)) {
        if (file[1]) chunks.add(file[1]);
      }
    }
  }
  return [...chunks].filter((file) => /^static\/chunks\/[\w.-]+\.js$/.test(file)).sort();
}

/** Adds the hint to each start-up chunk that lacks it; returns how many files it changed. */
export function addCompileHints(distDir: string): { files: number; changed: number } {
  const files = startupChunks(distDir);
  let changed = 0;
  for (const file of files) {
    const full = path.join(distDir, file);
    if (!existsSync(full)) continue;
    const text = readFileSync(full, 'utf8');
    if (text.startsWith(compileHint)) continue;
    writeFileSync(full, compileHint + text);
    changed++;
  }
  return { files: files.length, changed };
}

/** Whether every start-up chunk already carries the hint. */
export function compileHintsPresent(distDir: string): boolean {
  return startupChunks(distDir).every((file) => {
    const full = path.join(distDir, file);
    return !existsSync(full) || readFileSync(full, 'utf8').startsWith(compileHint);
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const distDir = path.resolve(
    process.argv.find((arg) => arg.startsWith('--dist='))?.slice('--dist='.length) ?? '.next',
  );
  try {
    if (process.argv.includes('--check')) {
      const present = compileHintsPresent(distDir);
      console.log(`compile-hints: ${present ? 'present' : 'missing'}`);
      process.exit(present ? 0 : 1);
    }
    const { files, changed } = addCompileHints(distDir);
    console.log(`compile-hints: ${files} start-up chunks, ${changed} marked now`);
  } catch (error) {
    console.error(
      `compile-hints: cannot mark the build in ${distDir}: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }
}
