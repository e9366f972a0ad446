import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  deferScripts,
  deferScriptsOf,
  isDeferredDynamicPage,
  loaderMarker,
  type PayloadKeeper,
  payloadFileOf,
  payloadName,
  payloadPath,
  ScriptDeferrer,
} from './deferred-scripts';

// The shape of a page Next prerenders: preloaded runtime, async chunks in <head>, the polyfills
// for old browsers, inline payload scripts and the runtime again at the end of <body>.
const page = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/_next/static/chunks/site.css" data-precedence="next"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/runtime.js"/>',
  '<script src="/_next/static/chunks/react.js" async=""></script>',
  '<script src="/_next/static/chunks/page-x.js" async=""></script>',
  '<title>Encryption</title>',
  '<script src="/_next/static/chunks/polyfills.js" noModule=""></script></head>',
  '<body><main><p>The lead paragraph.</p></main>',
  '<script type="application/ld+json">{"@type":"WebPage"}</script>',
  '<script id="_R_">(globalThis.TURBOPACK||[]).push({})</script>',
  '<script src="/_next/static/chunks/runtime.js" async=""></script>',
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
  '<script>self.__next_f.push([1,"payload \\u003c/p>"])</script></body></html>',
].join('');

/** Payload files as the build writes them, by URL; `digests`: the page digest of each call. */
const files = new Map<string, string>();
const digests: string[] = [];
const keep: PayloadKeeper = (json, pageDigest) => {
  const url = payloadPath + payloadName(json);
  files.set(url, json);
  digests.push(pageDigest);
  return url;
};

const sourcesOf = (html: string) =>
  JSON.parse(/var s=(\[[^\]]*\])/.exec(html)?.[1] ?? '[]') as string[];

describe('deferScripts', () => {
  it('moves the start-up chunks into one loader at the end of <body>', () => {
    const html = deferScripts(page, keep) ?? '';
    expect(html).not.toMatch(/<script src="[^"]+" async="">/);
    expect(html).not.toContain('rel="preload" as="script"');
    expect(sourcesOf(html)).toEqual([
      '/_next/static/chunks/react.js',
      '/_next/static/chunks/page-x.js',
      '/_next/static/chunks/runtime.js',
    ]);
    expect(html).toMatch(
      new RegExp(`<script ${loaderMarker}="">(?:(?!</script>).)+</script></body></html>$`),
    );
    // Everything else stays: stylesheet, polyfills for old browsers, inline scripts, content.
    for (const kept of [
      'href="/_next/static/chunks/site.css"',
      'polyfills.js" noModule=""',
      '<script id="_R_">',
      '<p>The lead paragraph.</p>',
      'application/ld+json',
    ]) {
      expect(html).toContain(kept);
    }
  });

  it('hands the payload to its keeper as one array and names the file in the page', () => {
    const html = deferScripts(page, keep) ?? '';
    expect(html).not.toMatch(/__next_f\.push|data-next-f=""/);
    const url = payloadFileOf(html) ?? '';
    expect(url).toMatch(new RegExp(`^${payloadPath}[\\w-]{22}\\.json$`));
    expect(files.get(url)).toBe('[[0],[1,"payload \\u003c/p>"]]');
    expect(html).toContain(
      `<script type="application/json" data-next-f-src="">"${url}"</script><script ${loaderMarker}`,
    );
    // The same payload, the same name; another payload, another name.
    expect(payloadFileOf(deferScripts(page, keep) ?? '')).toBe(url);
    expect(payloadFileOf(deferScripts(page.replace('payload ', 'other '), keep) ?? '')).not.toBe(
      url,
    );
    expect(payloadFileOf(page)).toBeUndefined();
  });

  it('changes a page once, and leaves pages without start-up chunks alone', () => {
    const once = deferScripts(page, keep) ?? '';
    expect(deferScripts(once, keep)).toBeUndefined();
    expect(deferScripts('<html><body><p>No scripts</p></body></html>', keep)).toBeUndefined();
    // A form only React runs keeps the early scripts; a form with its own action does not count.
    const withForm = page.replace('<main>', '<main><form noValidate="" class="x"><input/></form>');
    expect(deferScripts(withForm, keep)).toBeUndefined();
    const getForm = page.replace('<main>', '<main><form action="/edmsub"><input/></form>');
    expect(deferScripts(getForm, keep)).toContain(loaderMarker);
  });
});

/**
 * Runs a page's loader against a stand-in document and window; answers what it did. `payload`:
 * whether `fetch` serves the page's payload file (`none`: a page without payload).
 */
function runLoader(options: {
  hidden?: boolean;
  paintTiming?: boolean;
  payload?: 'served' | 'missing' | 'none';
}) {
  const source =
    options.payload === 'none' ? page.replace(/<script>[^<]*__next_f[^<]*<\/script>/g, '') : page;
  const html = deferScripts(source, keep) ?? '';
  const fetched: string[] = [];
  const reference = /<script type="application\/json" data-next-f-src="">([^<]*)<\/script>/.exec(
    html,
  );
  const code = /<script data-deferred-scripts="">([\s\S]+?)<\/script>/.exec(html)?.[1] ?? '';
  const added: string[] = [];
  const onWindow: Record<string, (event?: unknown) => void> = {};
  const onDocument: Record<string, (event: unknown) => void> = {};
  let report: ((list: { getEntriesByName: (name: string) => unknown[] }) => void) | undefined;
  const document = {
    querySelector: () => (reference ? { textContent: reference[1] } : null),
    visibilityState: options.hidden ? 'hidden' : 'visible',
    head: { appendChild: (element: { src: string }) => added.push(element.src) },
    createElement: () => ({ src: '', async: false }),
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      onDocument[type] = listener;
    },
  };
  class Observer {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    constructor(callback: typeof report) {
      report = callback;
    }
    observe() {}
  }
  const window: Record<string, unknown> = {
    PerformanceObserver: options.paintTiming ? Observer : undefined,
    fetch: async (url: string) => {
      fetched.push(url);
      const found = options.payload !== 'missing' ? files.get(url) : undefined;
      return {
        ok: found !== undefined,
        status: found === undefined ? 404 : 200,
        json: async () => JSON.parse(found ?? 'null'),
      };
    },
    addEventListener: (type: string, listener: (event?: unknown) => void) => {
      onWindow[type] = listener;
    },
  };
  new Function('document', 'window', code)(document, window);
  const paint = (name: string) => report?.({ getEntriesByName: (n) => (n === name ? [{}] : []) });
  return { added, fetched, load: () => onWindow.load?.(), paint, onDocument, window };
}

describe('ScriptDeferrer (pages that stream)', () => {
  const stream = (html: string, cuts: number[]) => {
    const deferrer = new ScriptDeferrer(keep);
    let out = '';
    let from = 0;
    for (const at of [...cuts, html.length]) {
      out += deferrer.push(html.slice(from, at));
      from = at;
    }
    return out + deferrer.end();
  };

  it('gives the same page as the build step, wherever the chunks are cut', () => {
    const expected = deferScripts(page, keep);
    for (let at = 0; at <= page.length; at += 1) expect(stream(page, [at])).toBe(expected);
    let seed = 7;
    for (let round = 0; round < 200; round += 1) {
      const cuts = Array.from({ length: 5 }, () => {
        seed = (seed * 48_271) % 2_147_483_647;
        return seed % page.length;
      }).sort((a, b) => a - b);
      expect(stream(page, cuts)).toBe(expected);
    }
  });

  it('puts the nonce of the page’s tags on the loader, and none in the payload', () => {
    // As Next writes them on a page rendered per request: the nonce before `async` and `href`.
    const withNonce = page
      .replaceAll(' async=""></script>', ' nonce="n0nce" async=""></script>')
      .replace('fetchPriority="low" href=', 'fetchPriority="low" nonce="n0nce" href=')
      .replaceAll('<script>', '<script nonce="n0nce">')
      .replace('[1,"payload', '[1,":HL[{\\"nonce\\":\\"n0nce\\"}]payload');
    const out = stream(withNonce, [500]);
    expect(out).not.toMatch(/<script src="[^"]+"[^>]* async=""|rel="preload" as="script"/);
    expect(sourcesOf(out)).toHaveLength(3);
    expect(out).toContain('<script nonce="n0nce" data-deferred-scripts="">');
    const payload = files.get(payloadFileOf(out) ?? '') ?? '';
    expect(payload).toContain('[1,":HL[{\\"nonce\\":\\"\\"}]payload');
    expect(payload).not.toContain('n0nce');
  });

  it('gives answers that differ only in nonce and script order one page digest', () => {
    const digestOf = (html: string) => {
      digests.length = 0;
      stream(html, [400]);
      return digests[0];
    };
    const plain = digestOf(page);
    expect(plain).toMatch(/^[\w-]{22}$/);
    const nonce = (value: string) =>
      page.replaceAll(' async=""></script>', ` async="" nonce="${value}"></script>`);
    expect(digestOf(nonce('a1'))).toBe(plain);
    expect(digestOf(nonce('b2'))).toBe(plain);
    const swapped = page.replace(
      '<script src="/_next/static/chunks/react.js" async=""></script><script src="/_next/static/chunks/page-x.js" async=""></script>',
      '<script src="/_next/static/chunks/page-x.js" async=""></script><script src="/_next/static/chunks/react.js" async=""></script>',
    );
    expect(swapped).not.toBe(page);
    expect(digestOf(swapped)).toBe(plain);
    expect(digestOf(page.replace('The lead', 'Another lead'))).not.toBe(plain);
  });

  it('adds the loader at the end when no </body> came, and passes other pages through', () => {
    const cut = page.replace('</body></html>', '');
    expect(stream(cut, [300])).toMatch(/data-deferred-scripts[\s\S]+<\/script>$/);
    const plain = '<html><body><p>No scripts</p></body></html>';
    expect(stream(plain, [10, 20])).toBe(plain);
  });
});

describe('the loader', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('adds the scripts right after the first contentful paint', () => {
    vi.useFakeTimers();
    const run = runLoader({ paintTiming: true, payload: 'none' });
    run.paint('first-paint');
    vi.runAllTimers();
    expect(run.added).toEqual([]);
    run.paint('first-contentful-paint');
    expect(run.added).toEqual([]); // in the next task, not inside the paint's callback
    vi.runAllTimers();
    expect(run.added).toHaveLength(3);
    run.load();
    vi.runAllTimers();
    expect(run.added).toHaveLength(3); // once
  });

  it('fetches the payload file first and adds the scripts once it is in', async () => {
    vi.useFakeTimers();
    const run = runLoader({ paintTiming: true, payload: 'served' });
    run.paint('first-contentful-paint');
    vi.runAllTimers();
    expect(run.fetched).toHaveLength(1);
    expect(run.fetched[0]).toMatch(new RegExp(`^${payloadPath}[\\w-]{22}\\.json$`));
    expect(run.added).toEqual([]);
    await vi.runAllTimersAsync();
    // The payload reached Next's queue, in order, before its scripts were added.
    expect(run.window.__next_f).toEqual([[0], [1, 'payload </p>']]);
    expect(run.added).toHaveLength(3);
  });

  it('leaves the page as the server sent it when the payload file does not come', async () => {
    vi.useFakeTimers();
    const run = runLoader({ paintTiming: true, payload: 'missing' });
    run.paint('first-contentful-paint');
    await vi.runAllTimersAsync();
    expect(run.fetched).toHaveLength(1);
    expect(run.added).toEqual([]);
    expect(run.window.__next_f).toEqual([]);
  });

  it('falls back to a second after load when no paint is reported', () => {
    vi.useFakeTimers();
    const run = runLoader({ paintTiming: true, payload: 'none' });
    run.load();
    vi.advanceTimersByTime(999);
    expect(run.added).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(run.added).toHaveLength(3);
  });

  it('uses the load event without Paint Timing, and adds them at once in a hidden tab', () => {
    vi.useFakeTimers();
    const old = runLoader({ paintTiming: false, payload: 'none' });
    expect(old.added).toEqual([]);
    old.load();
    vi.runAllTimers();
    expect(old.added).toHaveLength(3);
    expect(runLoader({ hidden: true, paintTiming: true, payload: 'none' }).added).toHaveLength(3);
  });

  it('starts at once when the visitor touches or types first', () => {
    for (const type of ['pointerdown', 'keydown', 'touchstart']) {
      const run = runLoader({ paintTiming: true, payload: 'none' });
      run.onDocument[type]?.({});
      expect(run.added, type).toHaveLength(3);
    }
  });
});

describe('deferScriptsOf (the server)', () => {
  it('changes HTML pages as they stream and leaves other answers alone', async () => {
    const withNonce = page.replaceAll(' async=""></script>', ' async="" nonce="n0nce"></script>');
    const server = http.createServer((req, res) => {
      deferScriptsOf(res, keep);
      if (req.url === '/page') {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        const bytes = Buffer.from(withNonce);
        res.write(bytes.subarray(0, 333));
        res.write(bytes.subarray(333, 700), () => {});
        res.end(bytes.subarray(700));
      } else if (req.url === '/json') {
        res.setHeader('content-type', 'application/json');
        res.end(withNonce);
      } else {
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end(withNonce);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const html = await (await fetch(`${base}/page`)).text();
      const whole = new ScriptDeferrer(keep);
      expect(html).toBe(whole.push(withNonce) + whole.end());
      expect(html).toContain('<script nonce="n0nce" data-deferred-scripts="">');
      expect(await (await fetch(`${base}/json`)).text()).toBe(withNonce);
      expect(await (await fetch(`${base}/missing`)).text()).toBe(withNonce);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('isDeferredDynamicPage', () => {
  it('names the pricing page and the blog in every language, nothing else', () => {
    for (const url of [
      '/pricing',
      '/ar/pricing?x=1',
      '/blog',
      '/zh-Hant/blog/how-a-vpn-works',
      '/blog/search?q=vpn',
    ]) {
      expect(isDeferredDynamicPage(url), url).toBe(true);
    }
    for (const url of [
      '/pricing/standplan',
      '/myAccount',
      '/paystatus',
      '/blogger',
      '/api/x',
      '/',
    ]) {
      expect(isDeferredDynamicPage(url), url).toBe(false);
    }
  });
});
