// Prints the vitest files that reach the database: those importing tests/support/test-db.ts
// directly or through other modules, or reading TEST_DATABASE_URL. `npm test` runs only these a
// second time on PostgreSQL; the rest (parsers, components, pure functions) cannot differ there.
//   node scripts/db-test-files.mjs
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'tests', 'support', 'test-db.ts');

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The project file an import specifier names, if it is one (relative or `@/`). */
function resolveImport(from, specifier) {
  let base;
  if (specifier.startsWith('@/')) base = path.join(root, 'src', specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((file) => existsSync(file) && !file.endsWith(path.sep));
}

const reaches = new Map();

/** Whether `file` (or anything it imports from the project) uses the test database. */
function reachesDatabase(file, seen = new Set()) {
  if (reaches.has(file)) return reaches.get(file);
  if (file === target) return true;
  if (seen.has(file)) return false;
  seen.add(file);
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  let found = text.includes('TEST_DATABASE_URL');
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
    if (found) break;
    const resolved = resolveImport(file, match[1]);
    if (resolved && reachesDatabase(resolved, seen)) found = true;
  }
  reaches.set(file, found);
  return found;
}

const files = ['src', 'scripts']
  .flatMap((dir) => testFiles(path.join(root, dir)))
  .filter((file) => reachesDatabase(file))
  .map((file) => path.relative(root, file))
  .sort();
console.log(files.join('\n'));
