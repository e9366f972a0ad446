import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addCompileHints, compileHint, compileHintsPresent, startupChunks } from './compile-hints';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A build folder shaped like Next's: two root files, one route with entry files, one lazy chunk. */
function fakeBuild(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
  dirs.push(dist);
  mkdirSync(path.join(dist, 'static', 'chunks'), { recursive: true });
  for (const name of ['root-a.js', 'root-b.js', 'page-x.js', 'lazy.js']) {
    writeFileSync(path.join(dist, 'static', 'chunks', name), `/* ${name} */`);
  }
  writeFileSync(
    path.join(dist, 'build-manifest.json'),
    JSON.stringify({ rootMainFiles: ['static/chunks/root-a.js', 'static/chunks/root-b.js'] }),
  );
  const route = path.join(dist, 'server', 'app', '[locale]', 'pricing');
  mkdirSync(route, { recursive: true });
  writeFileSync(
    path.join(route, 'page_client-reference-manifest.js'),
    `globalThis.__RSC_MANIFEST["/pricing/page"]={"clientModules":{"x":{"chunks":["static/chunks/lazy.js"]}},"entryJSFiles":{"[project]/src/app/layout":["static/chunks/root-b.js","static/chunks/page-x.js"]}};`,
  );
  return dist;
}

const read = (dist: string, name: string) =>
  readFileSync(path.join(dist, 'static', 'chunks', name), 'utf8');

describe('compile hints', () => {
  it('finds the root main files and every route entry file, not lazily loaded chunks', () => {
    expect(startupChunks(fakeBuild())).toEqual([
      'static/chunks/page-x.js',
      'static/chunks/root-a.js',
      'static/chunks/root-b.js',
    ]);
  });

  it('marks each start-up file once, on its first line, and leaves the rest alone', () => {
    const dist = fakeBuild();
    expect(compileHintsPresent(dist)).toBe(false);
    expect(addCompileHints(dist)).toEqual({ files: 3, changed: 3 });
    expect(read(dist, 'root-a.js')).toBe(`${compileHint}/* root-a.js */`);
    expect(read(dist, 'page-x.js').startsWith(compileHint)).toBe(true);
    expect(read(dist, 'lazy.js')).toBe('/* lazy.js */');
    expect(compileHintsPresent(dist)).toBe(true);
    expect(addCompileHints(dist)).toEqual({ files: 3, changed: 0 });
    expect(read(dist, 'root-a.js')).toBe(`${compileHint}/* root-a.js */`);
  });
});
