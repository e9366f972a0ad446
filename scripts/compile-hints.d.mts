// Types of scripts/compile-hints.mjs for its tests.
export const compileHint: string;
export function startupChunks(distDir: string): string[];
export function addCompileHints(distDir: string): { files: number; changed: number };
export function compileHintsPresent(distDir: string): boolean;
