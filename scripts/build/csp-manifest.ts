// After `next build`: writes .next/csp-manifest.json, the SHA-256 of every inline script of every
// prerendered page, which the proxy lists in that page's Content-Security-Policy (docs/security.md).
// `npm run build` and scripts/build-if-needed.mjs run it; `--check` only reports whether the
// manifest belongs to the current build (exit 1 when not).
import path from 'node:path';
import { cspManifestIsCurrent, writeCspManifest } from '../../src/server/security/csp-manifest';

const distDir = path.resolve(
  process.argv.find((arg) => arg.startsWith('--dist='))?.slice(7) ?? '.next',
);

if (process.argv.includes('--check')) {
  const current = cspManifestIsCurrent(distDir);
  console.log(`csp-manifest: ${current ? 'current' : 'missing or from another build'}`);
  process.exit(current ? 0 : 1);
}

try {
  const started = performance.now();
  const summary = writeCspManifest(distDir);
  console.log(
    `csp-manifest: ${summary.pages} prerendered pages, ${summary.distinctHashes} distinct inline scripts, ` +
      `at most ${summary.mostHashesOnOnePage} on one page (${Math.round(performance.now() - started)} ms)`,
  );
} catch (error) {
  console.error(
    `csp-manifest: cannot hash the prerendered pages in ${distDir}: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
