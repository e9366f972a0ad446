// Brotli copies (quality 11) of the framework's hashed scripts and stylesheets, written after
// every build next to the files in .next/static; scripts/http-server.mjs serves them to browsers
// that accept Brotli. Idempotent: a copy is rewritten only when its file is newer (the compile
// hints step edits the start-up chunks after the build, so this runs after it).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

/**
 * The files worth compressing, by extension, with the Content-Type they are served with; images
 * and fonts in .next/static are compressed already.
 */
export const compressedTypes = {
  '.js': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
  '.json': 'application/json; charset=UTF-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=UTF-8',
  '.map': 'application/json; charset=UTF-8',
};

/** Every file under `dir`, recursively; none when `dir` does not exist. */
export function* filesUnder(dir) {
  let entries;
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

/**
 * Writes `<file>.br` for every compressible file under `<distDir>/static` whose copy is missing
 * or older than it.
 * @param {string} distDir the build's folder (.next)
 * @returns {{ files: number, written: number, bytes: number, brotliBytes: number }}
 */
export function compressStatic(distDir) {
  const result = { files: 0, written: 0, bytes: 0, brotliBytes: 0 };
  for (const file of filesUnder(path.join(distDir, 'static'))) {
    if (!Object.hasOwn(compressedTypes, path.extname(file))) continue;
    result.files += 1;
    const copy = `${file}.br`;
    const source = statSync(file);
    result.bytes += source.size;
    const copied = statSync(copy, { throwIfNoEntry: false });
    if (copied && copied.mtimeMs >= source.mtimeMs) {
      result.brotliBytes += copied.size;
      continue;
    }
    const body = readFileSync(file);
    const compressed = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    writeFileSync(copy, compressed);
    result.written += 1;
    result.brotliBytes += compressed.length;
  }
  return result;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const started = Date.now();
  const { files: count, written, bytes, brotliBytes } = compressStatic(path.resolve('.next'));
  console.log(
    `compress-static: ${count} files, ${written} compressed now, ${(bytes / 1024).toFixed(0)} KiB → ${(brotliBytes / 1024).toFixed(0)} KiB Brotli (${Date.now() - started} ms)`,
  );
}
