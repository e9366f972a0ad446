import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { z } from 'zod';
import { loadMessages } from '@/i18n/messages';
import { locales, localizePath } from '@/lib/locales';
import { canonicalPath } from '@/lib/routes';
import { okBody } from '../envelope';
import { ApiError } from '../errors';
import type { AppEnv } from '../types';
import { validate } from '../validate';

export const l10nQuerySchema = z.object({
  language: z.enum(locales, { error: `must be one of ${locales.join(', ')}` }),
  // An empty prefix (`prefix=`) asks for the whole catalogue, like no prefix at all.
  prefix: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/, 'must be a dotted namespace like "home.hero"')
      .optional(),
  ),
  // `url` in the answer is this path localized, and clients navigate to it: "//host" or a
  // backslash would make it point off-site.
  path: z
    .string()
    .max(512, 'must be at most 512 characters')
    .regex(/^\/(?![/\\])[^\\]*$/, 'must be a site path starting with a single "/"')
    .optional(),
});

type MessageNode = string | { [key: string]: MessageNode };

// Own keys only: "constructor" or "__proto__" must not walk into Object.prototype.
function subtree(tree: MessageNode, prefix: string | undefined): MessageNode | undefined {
  if (!prefix) return tree;
  let node: MessageNode | undefined = tree;
  for (const key of prefix.split('.')) {
    if (typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

export const l10nRoutes = new Hono<AppEnv>();

// GET /l10n – a language's messages (English where untranslated), optionally one namespace and a localized page URL
l10nRoutes.get('/', etag(), validate('query', l10nQuerySchema), async (c) => {
  const { language, prefix, path } = c.req.valid('query');
  const tree: MessageNode = await loadMessages(language);
  const messages = subtree(tree, prefix);
  if (messages === undefined) throw ApiError.notFound(`No messages under prefix ${prefix}`);
  const url = path === undefined ? null : localizePath(language, canonicalPath(path));
  const body = okBody({ language, prefix: prefix ?? null, path: path ?? null, url, messages });
  // Messages change only with a deploy; the ETag (from the body) lets clients revalidate cheaply.
  c.header('Cache-Control', 'public, max-age=300');
  return c.json(body);
});
