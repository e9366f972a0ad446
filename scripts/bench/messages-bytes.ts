// `npm run bench:messages`: how many bytes of text each locale sends to the browser on a
// marketing page. Builds when needed, serves the production build, fetches the page in every
// locale and measures the React Server Components payload (the `self.__next_f.push` scripts, or
// the payload file a page whose scripts come after the first paint names instead), which carries
// every message the page's client islands receive, next to the whole document. Prints a Markdown
// table (raw and gzip bytes).
//   node --import tsx scripts/bench/messages-bytes.ts [/path]   (default: the home page)
import { gzipSync } from 'node:zlib';
import { type Locale, locales } from '../../src/lib/locales';
import { payloadFileOf } from '../../src/server/http/deferred-scripts';
import { buildIfNeeded } from '../build/build-if-needed';
import {
  freePort,
  type ProductionServer,
  reportStartError,
  startProductionServer,
} from '../test/serve-production';

const pagePath = process.argv.slice(2).find((arg) => arg.startsWith('/')) ?? '/';
const kib = (bytes: number): string => (bytes / 1024).toFixed(1);

async function flightPayload(html: string, baseUrl: string): Promise<string> {
  const inline =
    html.match(/<script(?: nonce="[^"]*")?>\(?self\.__next_f[\s\S]*?<\/script>/g) ?? [];
  const file = payloadFileOf(html);
  if (!file) return inline.join('');
  const response = await fetch(new URL(file, baseUrl));
  if (!response.ok) throw new Error(`GET ${file}: ${response.status}`);
  return inline.join('') + (await response.text());
}

async function main(): Promise<number> {
  await buildIfNeeded();
  let server: ProductionServer;
  try {
    server = await startProductionServer({ port: await freePort() });
  } catch (error) {
    reportStartError(error, 'messages-bytes');
    return 1;
  }
  const rows: Array<{
    locale: Locale;
    html: number;
    htmlGzip: number;
    flight: number;
    flightGzip: number;
  }> = [];
  try {
    for (const locale of locales) {
      const localized = `${locale === 'en' ? '' : `/${locale}`}${pagePath === '/' ? '' : pagePath}`;
      const url = `${server.baseUrl}${localized || '/'}`;
      const response = await fetch(url);
      if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
      const html = await response.text();
      const flight = await flightPayload(html, server.baseUrl);
      rows.push({
        locale,
        html: Buffer.byteLength(html),
        htmlGzip: gzipSync(html, { level: 9 }).length,
        flight: Buffer.byteLength(flight),
        flightGzip: gzipSync(flight, { level: 9 }).length,
      });
    }
  } finally {
    await server.stop();
  }
  console.log(`\nPage ${pagePath}, per locale (KiB)\n`);
  console.log('| locale | HTML | HTML gzip | RSC payload | RSC payload gzip |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    console.log(
      `| ${row.locale} | ${kib(row.html)} | ${kib(row.htmlGzip)} | ${kib(row.flight)} | ${kib(row.flightGzip)} |`,
    );
  }
  return 0;
}

process.exitCode = await main();
