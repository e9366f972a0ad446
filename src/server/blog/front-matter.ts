import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { blogCategories } from '@/lib/catalog';

// The front matter of content/blog/<locale>/<slug>.md (the content engineer's format).

/** Path segments of /blog/... that are pages of their own, so no post may take them. */
export const reservedBlogSlugs = ['category', 'detail', 'more', 'search', 'tag', 'feed', 'page'];

const kebab = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-03-02')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'is not a real date');

export const frontMatterSchema = z.object({
  title: z.string().trim().min(1).max(200),
  slug: z
    .string()
    .regex(kebab, 'must be lower-case kebab-case')
    .max(120)
    .refine((value) => !reservedBlogSlugs.includes(value), 'is a reserved blog path'),
  category: z.enum(blogCategories),
  tags: z
    .array(z.string().regex(kebab, 'tags must be lower-case kebab-case').max(60))
    .max(20)
    .default([]),
  excerpt: z.string().trim().min(1).max(400),
  author: z.string().trim().min(1).max(100),
  published: isoDate,
  updated: isoDate.optional(),
  cover: z
    .string()
    .regex(/^\/[A-Za-z0-9/_.-]+$/, 'must be a path of a file in public/, e.g. /blog/covers/x.svg')
    .optional(),
  coverAlt: z.string().trim().max(300).default(''),
  seoTitle: z.string().trim().min(1).max(200).optional(),
  seoDescription: z.string().trim().min(1).max(400).optional(),
  translationKey: z.string().regex(kebab).max(120).optional(),
  featured: z.boolean().default(false),
});

export type FrontMatter = z.infer<typeof frontMatterSchema>;

export class FrontMatterError extends Error {
  override name = 'FrontMatterError';
}

/** Splits `---\nyaml\n---\nbody` and validates the YAML; errors name the field. */
export function parseMarkdownFile(source: string): { meta: FrontMatter; body: string } {
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new FrontMatterError('missing front matter (--- … ---) at the top');
  let data: unknown;
  try {
    // Dates stay strings: the schema reads them as YYYY-MM-DD.
    data = parseYaml(match[1] ?? '', { schema: 'core' });
  } catch (error: unknown) {
    throw new FrontMatterError(`front matter is not valid YAML: ${(error as Error).message}`);
  }
  const result = frontMatterSchema.safeParse(data);
  if (!result.success) {
    const problems = result.error.issues.map(
      (i) => `${i.path.join('.') || '(root)'}: ${i.message}`,
    );
    throw new FrontMatterError(`invalid front matter: ${problems.join('; ')}`);
  }
  return { meta: result.data, body: match[2] ?? '' };
}
