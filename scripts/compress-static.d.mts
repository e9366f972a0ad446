// Types of scripts/compress-static.mjs for its tests.
export const compressedTypes: Record<string, string>;
export function filesUnder(dir: string): Generator<string>;
export function compressStatic(distDir: string): {
  files: number;
  written: number;
  bytes: number;
  brotliBytes: number;
};
