// The payload files of the pages rendered per request (/pricing and the blog; docs/perf.md, "The
// payload in a file"). As a prerendered page does since the build, such a page names its React
// Server Components payload in one small data block instead of carrying it (about half of its
// HTML), and its loader fetches it after the first paint. The file is kept in this process's
// memory, named by the page it belongs to: the build and a digest of the page's HTML as sent,
// without its loader and nonces. Two renders of the same content give the same HTML but not the
// same payload bytes (Next writes the payload's rows in the order its data arrives), and either
// payload hydrates either page, so one entry serves every visitor of that content.
//
// Another instance of the fleet may be asked for the file (no sticky sessions). It renders the
// page itself once, through this server, and answers with its own payload when its HTML has the
// same digest: the same content. When it does not (the content changed in between), the answer is
// 404 and the visitor keeps the server's HTML, links and plain forms working, as with a missing
// file of a prerendered page. The file holds nothing the page does not show (the deferrer removes
// the nonce), and nothing personal: of the cookies, these pages read only the attribution
// cookie's channel, which picks the plan catalogue (and so the name).
import type http from 'node:http';
import type { Header } from '../security/response-headers';
import { digestOf, isDeferredDynamicPage, type PayloadKeeper } from './deferred-scripts';
import type { Fetcher } from './page-cache';
import { SizedLru } from './sized-lru';

/** Where the files are served: `<path><name>.json?page=<the page's path and query>`. */
export const pagePayloadPath = '/_next/payload/';

const fileName = /^[\w-]{22}\.json$/;
const longestPage = 2048;

/** The page a payload request names, when it is one whose payload this server keeps. */
function pageOf(url: URL): string | undefined {
  const page = url.searchParams.get('page');
  if (page === null || page.length > longestPage) return undefined;
  if (!page.startsWith('/') || page.startsWith('//') || page.includes('\\')) return undefined;
  return isDeferredDynamicPage(page) ? page : undefined;
}

/**
 * The payloads of this process's recent renders, by file name, the least recently used dropped
 * first once they pass `maxChars` characters (twice as many bytes, as JavaScript holds them).
 */
export class PagePayloads {
  private readonly files: SizedLru<string>;
  private readonly rendering = new Map<string, Promise<unknown>>();

  constructor(
    private readonly buildId: string,
    maxChars: number,
    private fetcher?: Fetcher,
  ) {
    this.files = new SizedLru(maxChars, (json) => json.length);
  }

  /** Sets how a page is rendered on a miss (this server's own address, known once it listens). */
  setFetcher(fetcher: Fetcher): void {
    this.fetcher = fetcher;
  }

  get size(): number {
    return this.files.size;
  }

  /** The keeper for an answer to `pageUrl` (ScriptDeferrer): keeps its payload, names its URL. */
  keeperFor(pageUrl: string): PayloadKeeper {
    return (json, pageDigest) => {
      const name = `${digestOf(`${this.buildId}\n${pageDigest}`)}.json`;
      this.files.set(name, json);
      return `${pagePayloadPath}${name}?page=${encodeURIComponent(pageUrl)}`;
    };
  }

  /** Whether `req` asks for a payload file (then `answer` must answer it). */
  handles(req: http.IncomingMessage): boolean {
    return (
      (req.method === 'GET' || req.method === 'HEAD') && !!req.url?.startsWith(pagePayloadPath)
    );
  }

  /** Answers a payload request; a file this process does not hold is rendered once. Never throws. */
  async answer(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    headers: readonly Header[],
  ): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const name = url.pathname.slice(pagePayloadPath.length);
    const named = fileName.test(name);
    let json = named ? this.files.get(name) : undefined;
    const page = named ? pageOf(url) : undefined;
    if (json === undefined && page !== undefined) {
      await this.render(page, req.headers.cookie);
      json = this.files.get(name);
    }
    for (const { key, value } of headers) res.setHeader(key, value);
    if (json === undefined) {
      res.statusCode = 404;
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end(
        req.method === 'HEAD'
          ? undefined
          : 'No such payload (the page may have changed): reload the page.\n',
      );
      return;
    }
    res.statusCode = 200;
    // The name stands for one build and one content, so what it answers never changes.
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(req.method === 'HEAD' ? undefined : json);
  }

  /**
   * Renders `page` through this server (which keeps its payload) with the visitor's cookies (the
   * pricing page reads the attribution cookie's channel), one render at a time per page and cookies.
   */
  private render(page: string, cookie: string | undefined): Promise<unknown> {
    const fetcher = this.fetcher;
    if (!fetcher) return Promise.resolve();
    const key = `${page}\n${cookie ?? ''}`;
    let running = this.rendering.get(key);
    if (!running) {
      running = fetcher(page, cookie)
        .catch(() => undefined)
        .finally(() => this.rendering.delete(key));
      this.rendering.set(key, running);
    }
    return running;
  }
}
