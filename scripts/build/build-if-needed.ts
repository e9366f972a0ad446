// Runs `next build` only when the last build is missing or older than its inputs, then makes
// sure the build has its CSP manifest (scripts/build/csp-manifest.ts: hashes of prerendered pages).
// Used by `npm start`, `npm run test:e2e` and `npm run perf`; also a CLI:
//   node --import tsx scripts/build/build-if-needed.ts           build when needed
//   node --import tsx scripts/build/build-if-needed.ts --check   only report (exit 0 fresh, 1 stale)
// SKIP_BUILD=1 uses the existing build as it is (e.g. while others edit the tree).
// Prerendered pages name SITE_URL (canonical URLs, alternates, sitemap), whose default follows
// PORT (http://localhost:<PORT>, src/server/site-url.ts): a build made for another origin is
// stale too, and the build gets the origin it was checked against.
import { spawn } from 'node:child_process';
import {
  type Dirent,
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  builtSiteOrigin,
  loadEnvFiles,
  originOf,
  repoRoot,
} from '../../src/server/http/build-output';
import { type Env, effectiveSiteUrl } from '../../src/server/site-url';
import { addCompileHints } from './compile-hints';
import { compressStatic } from './compress-static';
import { deferPrerenderedScripts } from './defer-scripts';

/** Inputs of the build: folders scanned recursively, and single files. */
const inputDirs = ['src', 'messages', 'content', 'public', 'drizzle'];
const inputFiles = ['next.config.ts', 'package-lock.json', 'tsconfig.json', 'postcss.config.mjs'];

/** The newest input file under `dir` whose mtime is after `since`, if any. */
function findNewer(dir: string, since: number): string | undefined {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return undefined; // a folder that does not exist yet has nothing newer
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const found = findNewer(full, since);
      if (found) return found;
    } else if (entry.isFile() && statSync(full).mtimeMs > since) {
      return full;
    }
  }
  return undefined;
}

/**
 * The downloads manifest override a build is made with (DOWNLOADS_MANIFEST, resolved against the
 * project; '' without one). The prerendered download pages carry its links and checksums, so a
 * build stamps the file it used into .next and another one makes it stale.
 */
export function wantedDownloadsManifest(env: Env, root = repoRoot): string {
  return env.DOWNLOADS_MANIFEST ? path.resolve(root, env.DOWNLOADS_MANIFEST) : '';
}
const downloadsStamp = (root: string) => path.join(root, '.next', 'downloads-manifest.path');

/** The origin a build made now would be for: SITE_URL, or http://localhost:<PORT> without it. */
export function wantedSiteOrigin(env: Env = process.env): string | undefined {
  return originOf(effectiveSiteUrl(env));
}

/** Whether a fresh `next build` is needed, and why; `env` is where SITE_URL and PORT are read. */
export function needsBuild(
  root = repoRoot,
  env: Env = process.env,
): { needed: boolean; reason: string } {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!existsSync(buildId)) return { needed: true, reason: 'no .next/BUILD_ID' };
  const builtAt = statSync(buildId).mtimeMs;
  // Next writes BUILD_ID before prerendering and the prerender manifest at the very end,
  // so a build that failed half-way leaves the first without (a fresh) second.
  const finished = path.join(root, '.next', 'prerender-manifest.json');
  if (!existsSync(finished) || statSync(finished).mtimeMs < builtAt) {
    return { needed: true, reason: 'the last build did not finish' };
  }
  const built = builtSiteOrigin(root);
  const wanted = wantedSiteOrigin(env);
  if (built && wanted && built !== wanted) {
    const why = env.SITE_URL ? 'SITE_URL' : `SITE_URL (unset: http://localhost:<PORT>)`;
    return {
      needed: true,
      reason: `the last build's pages name ${built}, ${why} is ${wanted}`,
    };
  }
  const manifest = wantedDownloadsManifest(env, root);
  const builtManifest = existsSync(downloadsStamp(root))
    ? readFileSync(downloadsStamp(root), 'utf8')
    : '';
  if (manifest !== builtManifest) {
    return {
      needed: true,
      reason: `the last build used DOWNLOADS_MANIFEST=${builtManifest || '(unset)'}, now ${manifest || '(unset)'}`,
    };
  }
  for (const file of manifest ? [...inputFiles, manifest] : inputFiles) {
    const full = path.resolve(root, file);
    if (existsSync(full) && statSync(full).mtimeMs > builtAt) {
      return { needed: true, reason: `${file} changed since the last build` };
    }
  }
  for (const dir of inputDirs) {
    const newer = findNewer(path.join(root, dir), builtAt);
    if (newer) {
      return { needed: true, reason: `${path.relative(root, newer)} changed since the last build` };
    }
  }
  return { needed: false, reason: 'the build is up to date' };
}

/**
 * Runs `next build` with inherited output; rejects when it fails. SITE_URL is passed as
 * needsBuild read it (so a .env file that Next would load cannot make the build another one's).
 */
export function runBuild(root = repoRoot): Promise<void> {
  const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin, 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production', SITE_URL: effectiveSiteUrl(process.env) },
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code !== 0) {
        reject(new Error(`next build failed (${signal ?? `exit code ${code}`})`));
        return;
      }
      writeFileSync(downloadsStamp(root), wantedDownloadsManifest(process.env, root));
      resolve();
    });
  });
}

/**
 * Writes .next/csp-manifest.json for the build in `root` (the hashes each prerendered page's
 * Content-Security-Policy lists); with `onlyIfStale`, only when it is missing or from another build.
 */
export function writeCspManifest(root = repoRoot, { onlyIfStale = false } = {}): Promise<void> {
  const run = (args: string[]) =>
    new Promise<number>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'scripts', 'build', 'csp-manifest.ts'), ...args],
        { cwd: root, stdio: 'inherit' },
      );
      child.on('error', reject);
      child.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
    });
  return (onlyIfStale ? run(['--check']) : Promise.resolve(1)).then(async (checked) => {
    if (checked === 0) return;
    const code = await run([]);
    if (code === 0) return;
    // For an existing build the server copes without it (it hashes each prerendered page on
    // first request); right after a build, a failure means something is wrong with the build.
    if (onlyIfStale)
      console.warn(`build-if-needed: could not write the CSP manifest (exit ${code})`);
    else throw new Error(`scripts/build/csp-manifest.ts failed (exit code ${code})`);
  });
}

/**
 * What a build needs after `next build` and before it is served: the prerendered pages' scripts
 * after the first paint (defer-scripts.ts), the CSP manifest, V8's compile hints on the start-up
 * scripts (compile-hints.ts) and then the Brotli copies of the framework files
 * (compress-static.ts); all idempotent, milliseconds when done before.
 */
async function finishBuild(root: string, options: { onlyIfStale?: boolean }): Promise<void> {
  // Before the CSP manifest, which hashes the loader it adds; a page it changed needs new hashes.
  const deferred = deferPrerenderedScripts(path.join(root, '.next'));
  await writeCspManifest(root, deferred.changed > 0 ? {} : options);
  addCompileHints(path.join(root, '.next'));
  compressStatic(path.join(root, '.next'));
}

/** Builds when needed; returns whether a build ran. */
export async function buildIfNeeded({
  root = repoRoot,
  log = console.log,
}: {
  root?: string;
  log?: (line: string) => void;
} = {}): Promise<boolean> {
  loadEnvFiles(root);
  if (process.env.SKIP_BUILD === '1') {
    if (!existsSync(path.join(root, '.next', 'BUILD_ID'))) {
      throw new Error('SKIP_BUILD=1 but there is no build (.next/BUILD_ID); run next build');
    }
    log('build-if-needed: SKIP_BUILD=1, using the existing build as it is');
    await finishBuild(root, { onlyIfStale: true });
    return false;
  }
  const { needed, reason } = needsBuild(root);
  if (!needed) {
    log(`build-if-needed: ${reason}, skipping next build`);
    await finishBuild(root, { onlyIfStale: true });
    return false;
  }
  log(`build-if-needed: ${reason}, running next build`);
  await runBuild(root);
  await finishBuild(root, {});
  return true;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  if (process.argv.includes('--check')) {
    loadEnvFiles();
    const { needed, reason } = needsBuild();
    console.log(`build-if-needed: ${needed ? 'build needed' : 'fresh'}: ${reason}`);
    process.exit(needed ? 1 : 0);
  }
  buildIfNeeded().catch((error) => {
    console.error(`build-if-needed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
