import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import {
  type DownloadProduct,
  type DownloadsManifest,
  downloadProducts,
  downloadsManifestSchema,
  downloadsOverrideSchema,
} from '@/lib/downloads';

/** The shipped manifest: data, edited like content (docs/operations.md, "Downloads"). */
export const shippedManifestPath = path.join(process.cwd(), 'content', 'downloads.json');

export class DownloadsManifestError extends Error {}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error: unknown) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new DownloadsManifestError(`${file}: cannot be read (${code})`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new DownloadsManifestError(`${file}: is not valid JSON`);
  }
}

function parse<T>(schema: z.ZodType<T>, file: string): T {
  const result = schema.safeParse(readJson(file));
  if (result.success) return result.data;
  const problems = result.error.issues.map(
    (issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`,
  );
  throw new DownloadsManifestError(`${file}: ${problems.join('; ')}`);
}

/**
 * The shipped manifest with a deployment's override applied: each app the override names
 * replaces the shipped entry whole (a store link becomes an installer, or the other way), and
 * its publisher, when given, replaces the shipped one. Throws DownloadsManifestError naming the
 * file and every invalid field.
 */
export function loadDownloads(
  overrideFile: string | undefined,
  shippedFile = shippedManifestPath,
): DownloadsManifest {
  const shipped = parse(downloadsManifestSchema, shippedFile);
  if (!overrideFile) return shipped;
  const override = parse(downloadsOverrideSchema, path.resolve(overrideFile));
  const apps = { ...shipped.apps };
  for (const product of downloadProducts) {
    const entry = override.apps[product];
    if (entry) apps[product] = entry;
  }
  return { publisher: override.publisher ?? shipped.publisher, apps };
}

let cached: DownloadsManifest | undefined;

/**
 * The manifest the site serves. Read where pages are rendered, which for the prerendered download
 * pages is the build: DOWNLOADS_MANIFEST is a build setting like SITE_URL.
 */
export function downloads(): DownloadsManifest {
  cached ??= loadDownloads(process.env.DOWNLOADS_MANIFEST || undefined);
  return cached;
}

/** The apps whose link is still a store's search page, not their listing or installer. */
export function searchPageApps(manifest: DownloadsManifest): DownloadProduct[] {
  return downloadProducts.filter((product) => manifest.apps[product].kind === 'search');
}
