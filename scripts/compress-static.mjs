// Brotli copies (quality 11) of the framework's hashed scripts and stylesheets, written after
// every build next to the files in .next/static; scripts/http-server.mjs serves them to browsers
// that accept Brotli. Idempotent: a copy is rewritten only when its file is newer (the compile
// hints step edits the start-up chunks after the build, so this runs after it).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

/** Extensions worth compressing; images and fonts in .next/static are compressed already. */
export const compressedExtensions = ['.js', '.css', '.json', '.svg', '.txt', '.map'];

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
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
  const root = path.join(distDir, 'static');
  let all;
  try {
    all = [...files(root)];
  } catch {
    return result; // no build yet
  }
  for (const file of all) {
    if (!compressedExtensions.includes(path.extname(file))) continue;
    result.files += 1;
    const copy = `${file}.br`;
    const source = statSync(file);
    let fresh = false;
    try {
      fresh = statSync(copy).mtimeMs >= source.mtimeMs;
    } catch {}
    const body = readFileSync(file);
    result.bytes += body.length;
    if (fresh) {
      result.brotliBytes += statSync(copy).size;
      continue;
    }
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
