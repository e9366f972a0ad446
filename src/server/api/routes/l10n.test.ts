import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';

// The messages are being written alongside this code, so the tests read what exists rather
// than naming keys.
type Tree = { [key: string]: string | Tree };
const readMessages = (locale: string): Tree =>
  JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as Tree;
const en = readMessages('en');
const firstNamespace = Object.keys(en).find((key) => typeof en[key] === 'object');

const app = createApp({
  db: () => {
    throw new Error('/l10n needs no database');
  },
});

interface L10nBody {
  code: number;
  message: string;
  data: {
    language: string;
    prefix: string | null;
    path: string | null;
    url: string | null;
    messages: Tree;
  };
}

async function get(query: string, headers: Record<string, string> = {}) {
  return app.request(`/l10n?${query}`, { headers });
}

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );
}

function at(tree: Tree, dotted: string): string | Tree | undefined {
  let node: string | Tree | undefined = tree;
  for (const key of dotted.split('.')) node = typeof node === 'object' ? node[key] : undefined;
  return node;
}

describe('GET /l10n', () => {
  it('returns the whole English tree without prefix or path', async () => {
    const res = await get('language=en');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      code: 200,
      message: 'ok',
      data: { language: 'en', prefix: null, path: null, url: null, messages: en },
    });
  });

  it('returns the whole tree for an empty prefix', async () => {
    const res = await get('language=en&prefix=');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { prefix: string | null; messages: unknown } };
    expect(body.data.prefix).toBeNull();
    expect(body.data.messages).toEqual(en);
  });

  it('returns only the subtree under a prefix', async () => {
    expect(firstNamespace).toBeDefined();
    const res = await get(`language=en&prefix=${firstNamespace}`);
    const body = (await res.json()) as L10nBody;
    expect(body.data.prefix).toBe(firstNamespace);
    expect(body.data.messages).toEqual(en[firstNamespace ?? '']);
  });

  it('answers 404 for a prefix with no messages', async () => {
    for (const prefix of [
      'NoSuchNamespace',
      `${firstNamespace}.noSuchKey`,
      'constructor',
      '__proto__',
    ]) {
      const res = await get(`language=en&prefix=${prefix}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        code: 404,
        message: `No messages under prefix ${prefix}`,
      });
    }
  });

  it('fills untranslated keys with English, key by key', async () => {
    const others = ['de', 'hi', 'zh-Hant', 'ar'];
    for (const language of others) {
      const own = readMessages(language);
      const body = (await (await get(`language=${language}`)).json()) as L10nBody;
      expect(body.data.language).toBe(language);
      const served = new Map(leaves(body.data.messages));
      expect([...served.keys()].sort()).toEqual(
        leaves(en)
          .map(([key]) => key)
          .sort(),
      );
      for (const [key, english] of leaves(en)) {
        const translated = at(own, key);
        expect(served.get(key), `${language} ${key}`).toBe(
          typeof translated === 'string' ? translated : english,
        );
      }
    }
  });

  it('resolves path through the route aliases and localizes it', async () => {
    const cases: [string, string, string][] = [
      ['en', '/pricing', '/pricing'],
      ['de', '/pricing', '/de/pricing'],
      ['de', '/home', '/de'],
      ['ja', '/myaccount', '/ja/myAccount'],
      ['en', '/', '/'],
    ];
    for (const [language, path, url] of cases) {
      const body = (await (
        await get(`language=${language}&path=${encodeURIComponent(path)}&prefix=${firstNamespace}`)
      ).json()) as L10nBody;
      expect(body.data).toMatchObject({ language, path, url });
    }
  });

  it.each([
    ['language=xx', 'language'],
    ['', 'language'],
    ['language=en&language=de', 'language'],
    ['language=en&prefix=a..b', 'prefix'],
    ['language=en&path=pricing', 'path'],
    ['language=en&path=%2F%2Fevil.example', 'path'],
    ['language=en&path=%2F%5Cevil.example', 'path'],
    [`language=en&path=%2F${'a'.repeat(512)}`, 'path'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('ETag')).toBeNull();
    const body = (await res.json()) as { message: string; data: { fields: { field: string }[] } };
    expect(body.message.startsWith(`Invalid request: ${field}: `)).toBe(true);
    expect(body.data.fields[0]?.field).toBe(field);
  });
});

describe('GET /l10n caching', () => {
  it('sends a strong ETag and a public max-age', async () => {
    const res = await get('language=en');
    expect(res.headers.get('ETag')).toMatch(/^"[^"]+"$/);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=300');
  });

  it('answers 304 without a body when If-None-Match matches', async () => {
    const tag = (await get('language=fr')).headers.get('ETag') ?? '';
    for (const ifNoneMatch of [tag, `W/${tag}`, `"other", ${tag}`]) {
      const res = await get('language=fr', { 'If-None-Match': ifNoneMatch });
      expect(res.status).toBe(304);
      expect(await res.text()).toBe('');
      expect(res.headers.get('ETag')).toBe(tag);
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=300');
      expect(res.headers.get('X-Request-Id')).toBeTruthy();
    }
  });

  it('answers 200 when the ETag differs, and a different body has a different ETag', async () => {
    const enTag = (await get('language=en')).headers.get('ETag');
    const de = await get('language=de', { 'If-None-Match': enTag ?? '' });
    expect(de.status).toBe(200);
    expect(de.headers.get('ETag')).not.toBe(enTag);
  });
});
