// `npm run bench:search`: search latency over 10,000 generated posts in a temporary database
// (embedded PGlite in memory; BENCH_DATABASE_URL=postgres://… of a role that may create
// databases measures PostgreSQL instead). Prints p50/p95/p99 of the blog search query (ranked,
// with highlighted excerpts, page of 10), uncached.
//   npm run bench:search -- [--posts 10000] [--queries 300]
import { parseArgs } from 'node:util';
import { createScratchDatabase } from '../test/scratch-database';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '10000' },
    queries: { type: 'string', default: '300' },
  },
});
const postCount = Number(values.posts);
const queryCount = Number(values.queries);

// A small seeded generator, so every run measures the same corpus.
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

const topics = [
  'vpn',
  'encryption',
  'privacy',
  'streaming',
  'gaming',
  'router',
  'wifi',
  'latency',
  'server',
  'tunnel',
  'protocol',
  'wireguard',
  'openvpn',
  'netflix',
  'console',
  'firewall',
  'dns',
  'leak',
  'browser',
  'tracker',
  'password',
  'phishing',
  'malware',
  'hotspot',
  'travel',
  'bandwidth',
  'throttling',
  'killswitch',
  'logs',
  'account',
];
const syllables = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ro',
  'sa',
  'ti',
  'vu',
  'ze',
  'qu',
  'an',
  'el',
  'or',
  'is',
  'um',
];
const filler = Array.from(
  { length: 3000 },
  () => pick(syllables) + pick(syllables) + pick(syllables),
);
const word = () => (random() < 0.04 ? pick(topics) : pick(filler));
const sentence = (n: number) => Array.from({ length: n }, word).join(' ');

async function main() {
  const { createDb } = await import('../../src/server/db/client');
  const { runMigrations } = await import('../../src/server/db/migrate');
  const { blogPosts } = await import('../../src/server/db/schema/blog');
  const { ensureCategories, searchPosts } = await import('../../src/server/blog/queries');
  const { blogCategories } = await import('../../src/lib/catalog');
  const { sql } = await import('drizzle-orm');

  const serverUrl = process.env.BENCH_DATABASE_URL;
  const database = serverUrl ? await createScratchDatabase(serverUrl, 'bench') : undefined;
  const url = database?.url;
  const handle = createDb(url ? { url } : {});
  try {
    await runMigrations(handle);
    await ensureCategories(handle.db);
    const started = Date.now();
    for (let offset = 0; offset < postCount; offset += 250) {
      const rows = Array.from({ length: Math.min(250, postCount - offset) }, (_, i) => {
        const n = offset + i;
        const title = `${pick(topics)} ${sentence(5)}`;
        const excerpt = sentence(25);
        const body = Array.from({ length: 6 }, () => sentence(60)).join('. ');
        return {
          locale: 'en',
          shortPath: `bench-post-${n}`,
          translationKey: `bench-post-${n}`,
          categorySlug: pick(blogCategories),
          title,
          excerpt,
          bodyHtml: `<p>${body}</p>`,
          bodyText: body,
          author: 'Bench',
          publishedAt: new Date(Date.UTC(2020, 0, 1) + n * 3_600_000),
          readingMinutes: 2,
          seoTitle: title,
          seoDescription: excerpt,
          seoHead: { title, meta: [], script: [] },
          sourceHash: String(n),
          searchVector: sql`setweight(to_tsvector('english', ${title}), 'A') || setweight(to_tsvector('english', ${excerpt}), 'B') || setweight(to_tsvector('english', ${body}), 'C')`,
        };
      });
      await handle.db.insert(blogPosts).values(rows);
    }
    await handle.db.execute(sql`analyze blog_posts`);
    console.log(
      `Generated ${postCount} posts (~390 words each) in ${((Date.now() - started) / 1000).toFixed(1)} s on ${handle.label}`,
    );

    const queries = Array.from({ length: queryCount }, (_, i) =>
      i % 3 === 0
        ? `${pick(topics)} ${pick(topics)}`
        : i % 3 === 1
          ? pick(topics)
          : `"${pick(topics)} ${pick(filler)}" or ${pick(topics)}`,
    );
    for (const q of queries.slice(0, 10))
      await searchPosts(handle.db, { locale: 'en', q, limit: 10, offset: 0 }); // warm-up
    const times: number[] = [];
    let hits = 0;
    for (const q of queries) {
      const t0 = performance.now();
      const result = await searchPosts(handle.db, { locale: 'en', q, limit: 10, offset: 0 });
      times.push(performance.now() - t0);
      hits += result.total;
    }
    times.sort((a, b) => a - b);
    const at = (p: number) =>
      (times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? 0).toFixed(1);
    console.log(
      `Search over ${postCount} posts, ${queryCount} queries (ranked, ts_headline, 10 a page): p50 ${at(50)} ms, p95 ${at(95)} ms, p99 ${at(99)} ms, max ${at(100)} ms; ${Math.round(hits / queryCount)} matches a query on average`,
    );
  } finally {
    await handle.close();
    await database?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
