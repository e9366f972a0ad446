// Types of scripts/build-if-needed.mjs for its tests.
export const repoRoot: string;
export function loadEnvFiles(root?: string): void;
export function builtSiteOrigin(root?: string): string | undefined;
export function wantedSiteOrigin(env?: Record<string, string | undefined>): string | undefined;
export function wantedDownloadsManifest(
  env: Record<string, string | undefined>,
  root?: string,
): string;
export function needsBuild(
  root?: string,
  env?: Record<string, string | undefined>,
): { needed: boolean; reason: string };
export function runBuild(root?: string): Promise<void>;
export function writeCspManifest(root?: string, options?: { onlyIfStale?: boolean }): Promise<void>;
export function buildIfNeeded(options?: {
  root?: string;
  log?: (line: string) => void;
}): Promise<boolean>;
