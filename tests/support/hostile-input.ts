// fast-check arbitraries of hostile input for the API: strange strings, wrong types, broken
// JSON, wrong content types, odd query strings, path segments and headers.
import fc from 'fast-check';
import { type Endpoint, goodBody } from './api-endpoints';

/** Unicode that breaks naive code: lone surrogates, bidi marks, NUL, emoji, combining marks. */
export const unicodeEdges = [
  '\uD800',
  '\uDFFF',
  'a\uD83D',
  '\uDE00b',
  '\u202E',
  '\u200F',
  '\u200B',
  '\u2028',
  '\uFEFF',
  '\u0000',
  '\u0007',
  '\u001B[31m',
  '\r\n',
  'e\u0301\u0301\u0301\u0301',
  'Z\u0351\u0360\u0361\u0362\u0363\u0364',
  '😀',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈',
  '\uFDFD',
  '\uFFFF',
  '\u{10FFFF}',
  'İ',
  'ß',
  'ﬃ',
  '١٢٣',
  '𝟘𝟙',
] as const;

export const sqlPayloads = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "1' UNION SELECT email, password_hash FROM users --",
  "'); SELECT pg_sleep(5); --",
  '$1 %s %% \\x27',
  "' || (SELECT current_user) || '",
] as const;

export const xssPayloads = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  'javascript:alert(1)',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
  '{{7*7}}${7*7}<%= 7*7 %>',
  '</textarea><a href="https://evil.example">x</a>',
] as const;

/** Percent-encodes UTF-8 (lone surrogates become U+FFFD, as a browser would send them). */
export function percentEncode(value: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(value)) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9_.~-]/.test(char)
      ? char
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Query and path fragments sent as they are: broken escapes, overlong UTF-8, traversal. */
export const rawFragments = [
  '%',
  '%%',
  '%zz',
  '%E0%A4%A',
  '%C0%AE%C0%AE',
  '%ED%A0%80',
  '%FF%FE',
  '%00',
  '%2e%2e',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%2F..%2F',
  '%252e%252e',
  '%0d%0aSet-Cookie:%20x=1',
  '+',
  '&',
  '=',
  '==',
  ';',
  '%23',
] as const;

const longString = fc
  .integer({ min: 1000, max: 20_000 })
  .chain((length) => fc.constantFrom('x', 'é', '😀', '\u0301').map((unit) => unit.repeat(length)));

/** Any string, weighted towards the ones that break things. */
export const weirdText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .array(fc.constantFrom(...unicodeEdges), { minLength: 1, maxLength: 6 })
    .map((parts) => parts.join('')),
  fc.constantFrom(...sqlPayloads, ...xssPayloads),
  fc.constantFrom(
    '',
    ' ',
    '\t',
    'null',
    'undefined',
    'NaN',
    '-1',
    '0',
    '1e309',
    'true',
    '[]',
    '{}',
  ),
  longString,
);

/** Nested arrays or objects `depth` levels deep, as JSON text (a value, not a document). */
export function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** JSON text of a value of (probably) the wrong type for any field. */
export const wrongValueJson: fc.Arbitrary<string> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
  weirdText.map((value) => JSON.stringify(value)),
  fc.constantFrom('1e308', '-0', '1.5', '9007199254740993', '-1', '0', 'true', 'null', '[]', '{}'),
  fc
    .tuple(
      fc.integer({ min: 10, max: 12_000 }),
      fc.constantFrom('array', 'object') as fc.Arbitrary<'array' | 'object'>,
    )
    .map(([depth, kind]) => deepJson(depth, kind)),
);

const extraKeys = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    '',
    'code',
  ),
  weirdText.filter((key) => key.length < 200),
);

export interface HostileBody {
  kind: string;
  contentType: string | undefined;
  body: string | Uint8Array;
}

// JSON object text from [key, value JSON text] pairs (keys like __proto__ stay own keys).
const objectJson = (entries: [string, string][]) =>
  `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;

/** Each known field kept, dropped or replaced; extra fields added. */
function mutatedObject(endpoint: Endpoint): fc.Arbitrary<string> {
  const names = Object.keys(endpoint.body ?? {});
  const fieldActions = fc.array(
    fc.oneof(
      { weight: 3, arbitrary: fc.constant<'keep' | 'drop'>('keep') },
      { weight: 1, arbitrary: fc.constant<'keep' | 'drop'>('drop') },
      { weight: 3, arbitrary: wrongValueJson },
    ),
    { minLength: names.length, maxLength: names.length },
  );
  const extras = fc.array(fc.tuple(extraKeys, wrongValueJson), { maxLength: 3 });
  return fc.tuple(fieldActions, extras).map(([actions, extra]) => {
    const good = goodBody(endpoint);
    const entries: [string, string][] = [];
    names.forEach((name, index) => {
      const action = actions[index] ?? 'keep';
      if (action === 'drop') return;
      entries.push([name, action === 'keep' ? JSON.stringify(good[name]) : action]);
    });
    return objectJson([...entries, ...extra]);
  });
}

const malformedJson = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '}',
    '{"a":}',
    '{"a" 1}',
    "{'a': 1}",
    '{"a": 1,}',
    '[1,]',
    'NaN',
    'undefined',
    '{"a": 01}',
    '{"a": "\\x41"}',
    '{"a": "\\uD800"}',
    '{"a": "\u0000"}',
    '\uFEFF{}',
    '{} {}',
    '{"a":1}garbage',
    '"just a string"',
    'null',
    'true',
    '123',
    '[]',
    '{"__proto__": {"polluted": true}}',
    '{"constructor": {"prototype": {"polluted": true}}}',
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

const bytes = fc.uint8Array({ minLength: 1, maxLength: 64 });

const contentTypes = fc.constantFrom(
  undefined,
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/jsonx',
  'application/json; charset=utf-16',
  'application/json;;;',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  '*/*',
  'application/octet-stream',
);

/** Everything a client could put in a POST body (the endpoint's fields drive the object case). */
export function hostileBody(endpoint: Endpoint): fc.Arbitrary<HostileBody> {
  const json = (kind: string) => (body: string) => ({
    kind,
    contentType: 'application/json',
    body,
  });
  const fields = Object.keys(endpoint.body ?? {});
  const someField = fields.length > 0 ? fc.constantFrom(...fields) : fc.constant('value');
  return fc.oneof(
    {
      weight: 2,
      arbitrary: fc
        .jsonValue({ maxDepth: 3 })
        .map((value) => json('json value')(JSON.stringify(value))),
    },
    { weight: 5, arbitrary: mutatedObject(endpoint).map(json('mutated object')) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(someField, fc.integer({ min: 500, max: 30_000 }), fc.boolean())
        .map(([field, depth, asArray]) =>
          json('deeply nested')(
            objectJson([[field, deepJson(depth, asArray ? 'array' : 'object')]]),
          ),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(someField, fc.integer({ min: 20_000, max: 70_000 }))
        .map(([field, length]) =>
          json('very long string')(objectJson([[field, JSON.stringify('A'.repeat(length))]])),
        ),
    },
    { weight: 2, arbitrary: malformedJson.map(json('malformed JSON')) },
    {
      weight: 2,
      arbitrary: contentTypes.map((contentType) => ({
        kind: 'wrong content type',
        contentType,
        body: JSON.stringify(goodBody(endpoint)),
      })),
    },
    {
      weight: 1,
      arbitrary: bytes.map((body) => ({
        kind: 'random bytes',
        contentType: 'application/json',
        body,
      })),
    },
  );
}

const queryName = (known: string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: known.length > 0 ? fc.constantFrom(...known) : fc.constant('q') },
    { weight: 1, arbitrary: weirdText.filter((name) => name.length < 100).map(percentEncode) },
    { weight: 1, arbitrary: fc.constantFrom(...rawFragments) },
  );

const queryValue = fc.oneof(
  { weight: 3, arbitrary: weirdText.map(percentEncode) },
  { weight: 1, arbitrary: fc.constantFrom(...rawFragments) },
  { weight: 1, arbitrary: fc.constantFrom('', '1', '0', '-1', '999999999999', 'en', 'de', 'r3') },
);

/** A query string (with its `?`, or empty): known and unknown names, repeated names, junk. */
export function hostileQuery(endpoint: Endpoint): fc.Arbitrary<string> {
  const known = Object.keys(endpoint.query ?? {});
  const good = Object.fromEntries(
    Object.entries(endpoint.query ?? {}).map(([name, field]) => [name, String(field.good())]),
  );
  const pair = fc.tuple(queryName(known), queryValue).map(([name, value]) => `${name}=${value}`);
  return fc
    .tuple(
      fc.boolean(),
      fc.array(fc.oneof(pair, fc.constantFrom(...rawFragments)), { maxLength: 5 }),
    )
    .map(([keepGood, parts]) => {
      const base = keepGood ? Object.entries(good).map(([n, v]) => `${n}=${percentEncode(v)}`) : [];
      const all = [...base, ...parts];
      return all.length > 0 ? `?${all.join('&')}` : '';
    });
}

/** A path parameter as sent: encoded text, broken escapes, traversal, very long. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: weirdText.filter((s) => s.length > 0 && s.length < 3000).map(percentEncode),
  },
  { weight: 2, arbitrary: fc.constantFrom(...rawFragments) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('..', '.', '...', '%2F', 'a;b', 'SBX', '1', '-1', 'null'),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 8000 }).map((n) => 'a'.repeat(n)) },
);

// Header values must be ByteStrings without CR, LF or NUL (the client refuses anything else).
const headerText = fc.oneof(
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code)),
    maxLength: 80,
  }),
  fc.constantFrom(...sqlPayloads, ...xssPayloads.filter((p) => !/[\r\n]/.test(p))),
  fc.integer({ min: 1000, max: 16_000 }).map((n) => 'b'.repeat(n)),
);

const cookieNames = fc.constantFrom(
  'paypal_token',
  'checkout_token',
  'signed_in',
  'LANGUAGE',
  'channel',
  'utm_tags',
  'inf_campaign',
  'cje',
  '_aid',
  '__proto__',
);

/** Extra headers a hostile client might send: junk cookies, tokens, forwarded addresses, ids. */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    Cookie: fc
      .array(fc.tuple(cookieNames, fc.oneof(headerText, queryValue)), {
        minLength: 1,
        maxLength: 4,
      })
      .map((pairs) =>
        pairs.map(([name, value]) => `${name}=${value.replace(/[;\s]/g, '')}`).join('; '),
      ),
    Authorization: fc.oneof(
      headerText.map((value) => `Bearer ${value}`),
      headerText,
      fc.constantFrom('Bearer', 'Bearer ', 'Basic YWRtaW46YWRtaW4=', `Bearer ${'A'.repeat(43)}`),
    ),
    'X-Forwarded-For': fc.oneof(
      headerText,
      fc.constantFrom(
        '1.2.4.8',
        '::1',
        '999.1.1.1',
        'unknown',
        ', , ,',
        '127.0.0.1, 10.0.0.1',
        'fe80::1%eth0',
      ),
    ),
    'X-Request-Id': headerText,
    'X-From': headerText,
    'Accept-Language': headerText,
    Origin: fc.constantFrom('null', 'https://evil.example', 'http://localhost:3000'),
    'If-None-Match': headerText,
  },
  { requiredKeys: [] },
);
