// Brotli copies (quality 11) of the framework's hashed scripts and stylesheets (quality 5: the
// pages' payload files), written after every build next to the files in .next/static;
// src/server/http/http-server.ts serves them to browsers that accept Brotli. Idempotent: a copy is
// rewritten only when its file is newer (the compile hints step edits the start-up chunks after
// the build, so this runs after it).
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { compressedTypes, filesUnder } from '../../src/server/http/build-output';
import { payloadFolder } from '../../src/server/http/deferred-scripts';

/**
 * Writes `<file>.br` for every compressible file under `<distDir>/static` whose copy is missing
 * or older than it; `distDir` is the build's folder (.next).
 */
export function compressStatic(distDir: string): {
  files: number;
  written: number;
  bytes: number;
  brotliBytes: number;
} {
  const result = { files: 0, written: 0, bytes: 0, brotliBytes: 0 };
  // The prerendered pages' payload files (about 1,900) are fetched after the first paint, beside
  // ~150 KiB of scripts: quality 5 takes 2 ms a file where 11 takes 63 (two minutes a build) and
  // makes them 12% larger (9.9 KiB against 8.9 on average), about a kilobyte a page.
  const payloads = path.join(distDir, 'static', payloadFolder);
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
        [constants.BROTLI_PARAM_QUALITY]:
          path.dirname(file) === payloads ? 5 : constants.BROTLI_MAX_QUALITY,
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
