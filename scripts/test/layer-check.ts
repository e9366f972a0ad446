// `npm run lint:layers` (part of `npm test`'s lint step): keeps the shape docs/architecture.md
// opens with.
// 1. Imports run one way: app → components → (server | client) → lib, with i18n beside client
//    (navigation) and its message catalogue readable by the server. A module never imports a
//    layer above its own; type-only imports count too (a type names a dependency as well).
// 2. SQL lives in query modules: outside `queries.ts`, a `queries/` folder and src/server/db/, no
//    module imports drizzle-orm or calls select/insert/update/delete/execute on a database
//    handle (services open transactions and pass the handle to queries).
// Tests (*.test.ts) may reach across layers for fixtures and are not checked.
// `pending` lists the modules not yet moved into this shape; it may only shrink: a listed module
// that has come clean fails the check too, so its entry is removed in the same change.
//   node --import tsx scripts/layer-check.ts        exit 0 clean, 1 with one line per violation
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const src = path.join(root, 'src');

export type Layer = 'app' | 'components' | 'server' | 'client' | 'i18n' | 'lib';

/** What each layer may import, besides itself. */
const allowed: Record<Layer, readonly string[]> = {
  app: ['components', 'server', 'client', 'i18n', 'lib'],
  components: ['server', 'client', 'i18n', 'lib'],
  server: ['lib', 'i18n/messages'],
  client: ['lib'],
  i18n: ['client', 'lib'],
  lib: [],
};

/** The layer of a file under src/ (by its first folder; src/*.ts entry points count as app). */
export function layerOf(relative: string): Layer {
  const top = relative.split('/')[0] ?? '';
  return (
    (['components', 'server', 'client', 'i18n', 'lib'] as const).find((l) => l === top) ?? 'app'
  );
}

/** The path under src/ an import specifier names, or undefined for packages and other roots. */
export function targetOf(fromRelative: string, specifier: string): string | undefined {
  if (specifier.startsWith('@/')) return specifier.slice(2);
  if (!specifier.startsWith('.')) return undefined;
  const resolved = path.posix.normalize(
    path.posix.join(path.posix.dirname(fromRelative), specifier),
  );
  return resolved.startsWith('..') ? undefined : resolved;
}

/** Whether a module of `from` may import the module at `target` (both relative to src/). */
export function mayImport(from: string, target: string): boolean {
  const own = layerOf(from);
  const theirs = layerOf(target);
  if (own === theirs) return true;
  return allowed[own].some((entry) =>
    entry.includes('/') ? target === entry || target.startsWith(`${entry}.`) : entry === theirs,
  );
}

const importPattern =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;

/** Every module specifier a source file imports or re-exports. */
export function specifiersOf(source: string): string[] {
  return [...source.matchAll(importPattern)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

/** Where a file may hold SQL: query modules and the database folder. */
export function maySql(relative: string): boolean {
  return (
    relative.startsWith('server/db/') ||
    relative.endsWith('/queries.ts') ||
    relative.includes('/queries/')
  );
}

/** Modules that still break a rule, each with where its code is going. */
export const pending: Record<string, string> = {};

const sqlCall =
  /\b(?:db|tx|trx|database)\s*\.\s*(?:select|selectDistinct|insert|update|delete|execute)\s*\(/;

/** The violations of one source file (relative to src/), one line each. */
export function violationsOf(relative: string, source: string): string[] {
  const found: string[] = [];
  for (const specifier of specifiersOf(source)) {
    if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
      if (!maySql(relative))
        found.push(`src/${relative}: imports ${specifier} outside a query module`);
      continue;
    }
    const target = targetOf(relative, specifier);
    if (target && !mayImport(relative, target)) {
      found.push(
        `src/${relative}: ${layerOf(relative)} imports ${layerOf(target)} (${specifier}); ` +
          `${layerOf(relative)} may import ${[layerOf(relative), ...allowed[layerOf(relative)]].join(', ')}`,
      );
    }
  }
  if (!maySql(relative) && sqlCall.test(source)) {
    found.push(`src/${relative}: runs SQL outside a query module (move it to a queries module)`);
  }
  return [...new Set(found)];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
      ? [full]
      : [];
  });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const files = sourceFiles(src);
  const violations = files.flatMap((file) => {
    const relative = path.relative(src, file).split(path.sep).join('/');
    const found = violationsOf(relative, readFileSync(file, 'utf8'));
    if (!(`src/${relative}` in pending)) return found;
    return found.length > 0
      ? []
      : [
          `src/${relative}: keeps the rules now; remove it from \`pending\` in scripts/layer-check.ts`,
        ];
  });
  for (const line of violations) console.error(line);
  const waiting = Object.keys(pending).length;
  console.log(
    violations.length === 0
      ? `layer-check: ${files.length} modules, imports one way, SQL in query modules only` +
          (waiting > 0 ? ` (${waiting} listed as pending)` : '')
      : `layer-check: ${violations.length} violation(s) in ${files.length} modules`,
  );
  process.exit(violations.length === 0 ? 0 : 1);
}
