// Types of scripts/compress-static.mjs for its tests.
export const compressedExtensions: string[];
export function compressStatic(distDir: string): {
  files: number;
  written: number;
  bytes: number;
  brotliBytes: number;
};
