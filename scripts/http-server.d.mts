// Types of scripts/http-server.mjs for its tests.
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface BrotliCopy {
  file: string;
  size: number;
  type: string;
  modified: Date;
}
export function acceptsBrotli(header: string | undefined): boolean;
export function brotliCopies(distDir: string): Map<string, BrotliCopy>;
export function servePrecompressed(
  req: IncomingMessage,
  res: ServerResponse,
  copies: Map<string, BrotliCopy>,
  headers: { key: string; value: string }[],
): boolean;
export function siteUrlForBuild(input: {
  env: Record<string, string | undefined>;
  built: string | undefined;
  port: number;
}): { siteUrl?: string; warning?: string };
export function listenPort(env: Record<string, string | undefined>): number | undefined;
export function startHttpServer(
  port: number,
  options?: { exitCode?: (signal: 'SIGTERM' | 'SIGINT') => number },
): Promise<void>;
