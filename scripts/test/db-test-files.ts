// Prints the vitest files that reach the database: those importing tests/support/test-db.ts
// directly or through other modules, or reading TEST_DATABASE_URL. `npm test` runs only these a
// second time on PostgreSQL; the rest (parsers, components, pure functions) cannot differ there.
//   node --import tsx scripts/test/db-test-files.ts
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const target = path.join(root, 'tests', 'support', 'test-db.ts');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry): string[] => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The project file an import specifier names, if it is one (relative or `@/`). */
function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(root, 'src', specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((file) => existsSync(file) && !file.endsWith(path.sep));
}

const reaches = new Map<string, boolean>();

/** Whether `file` (or anything it imports from the project) uses the test database. */
function reachesDatabase(file: string, seen = new Set<string>()): boolean {
  const known = reaches.get(file);
  if (known !== undefined) return known;
  if (file === target) return true;
  if (seen.has(file)) return false;
  seen.add(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  let found = text.includes('TEST_DATABASE_URL');
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
    if (found) break;
    const resolved = resolveImport(file, match[1] ?? '');
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
