import { createHash, type Hash } from 'node:crypto';
import type http from 'node:http';
import { StringDecoder } from 'node:string_decoder';

// The framework's scripts after the first paint (docs/perf.md, "Scripts after the first paint").
// Next writes each start-up chunk as `<script src="/_next/static/chunks/…" async>` in <head> and
// preloads the runtime, so on a slow connection the scripts share the bandwidth with the
// stylesheet and the document and the largest paint waits for them. A page gets one small inline
// loader at the end of <body> instead, which adds the same script elements (async, as before)
// right after the first contentful paint (loaderScript). Prerendered pages are changed once after
// the build (scripts/build/defer-scripts.ts); pages rendered per request as they stream
// (ScriptDeferrer, in src/server/http/http-server.ts), their loader carrying the page's nonce.

/** Marks a page this step has changed (the loader's own attribute), so a second run does nothing. */
export const loaderMarker = 'data-deferred-scripts';

// Attributes in either order: prerendered pages have none but these, pages rendered per request
// a nonce, which Next writes before `async` and before a preload's `href`.
const chunkScript =
  /<script src="(\/_next\/static\/chunks\/[\w.-]+\.js)"((?: (?:async=""|nonce="[^"]*"))+)><\/script>/g;
const chunkPreload =
  /<link rel="preload" as="script"(?: (?:fetchPriority="\w+"|nonce="[^"]*"))* href="\/_next\/static\/chunks\/[\w.-]+\.js"(?: nonce="[^"]*")?\/>/g;

/**
 * The loader for `sources`. It adds the script elements in the task after the first contentful
 * paint (Paint Timing; a second after the load event at the latest, should the paint never be
 * reported), after the load event in a browser without Paint Timing, or at once in a hidden tab,
 * which paints nothing. Neither an animation frame nor the load event is enough on its own: both
 * came before the first paint in Chrome (measured: frame callback at 140 ms and load at 287 ms,
 * first paint at 306 and 322 ms). A visitor who touches, clicks or types first starts them at
 * once. The payload goes to `self.__next_f` first: the loader fetches the payload file the page
 * names, and adds the scripts once it is in (Next closes its payload stream right after its
 * scripts run). Not fetched beside the file: a script fetched ahead comes from the cache without
 * Chrome's compilation while downloading, and its compilation on the main thread was measured as
 * 3–5 long tasks (100–250 ms blocking) instead of one. Should that file not come, the page stays
 * the server's HTML, links and plain forms working.
 */
export function loaderScript(sources: readonly string[], nonce?: string): string {
  const list = JSON.stringify(sources);
  const attributes =
    nonce === undefined ? `${loaderMarker}=""` : `nonce="${nonce}" ${loaderMarker}=""`;
  return (
    `<script ${attributes}>(function(d,w){var s=${list},done=0,P=w.PerformanceObserver;` +
    `function add(){for(var i=0;i<s.length;i++){var e=d.createElement("script");e.src=s[i];e.async=true;d.head.appendChild(e)}}` +
    `function go(){if(done)return;done=1;var f=w.__next_f=w.__next_f||[],u=d.querySelector("script[data-next-f-src]");` +
    `if(!u)return add();` +
    `w.fetch(JSON.parse(u.textContent)).then(function(r){if(!r.ok)throw r.status;return r.json()})` +
    `.then(function(p){for(var j=0;j<p.length;j++)f.push(p[j]);add()},function(){})}` +
    `function after(ms){return function(){setTimeout(go,ms)}}` +
    `["pointerdown","keydown","touchstart"].forEach(function(t){d.addEventListener(t,go,{capture:true,passive:true})});` +
    `if(d.visibilityState==="hidden")return go();` +
    `if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){` +
    `new P(function(l){if(l.getEntriesByName("first-contentful-paint").length)after(0)()})` +
    `.observe({type:"paint",buffered:true});w.addEventListener("load",after(1000))}` +
    `else w.addEventListener("load",after(0))})(document,window)</script>`
  );
}

/**
 * Next's inline RSC payload: `self.__next_f.push(<JSON>)` scripts (the first one creates the
 * array). As scripts, the browser compiles them while it parses the page, before the first paint;
 * and they were about half of a page's HTML, a second round trip on a slow connection where the
 * page alone fits in the first. The deferrer takes them out and hands them, as one JSON array of
 * the chunks, to a PayloadKeeper, which answers the URL of a file with that array; the page names
 * it in one small data block, and the loader fetches it after the first paint.
 */
const payloadScript =
  /<script(?: nonce="[^"]*")?>(?:\(self\.__next_f=self\.__next_f\|\|\[\]\)|self\.__next_f)\.push\((\[[\s\S]*?\])\)<\/script>/g;

/**
 * Keeps a page's payload (`json`, free of the page's nonce) and answers the URL the loader fetches
 * it from. `pageDigest` identifies the page's HTML as sent without its loader and nonces: two
 * answers with the same digest can hydrate from the same payload.
 */
export type PayloadKeeper = (json: string, pageDigest: string) => string;

/** Prerendered pages' payload files: a folder of the build's static files, served like chunks. */
export const payloadFolder = 'payload';
export const payloadPath = `/_next/static/${payloadFolder}/`;

/** A payload file's name: its content's SHA-256, so it can be kept forever like the chunks. */
export function payloadName(json: string): string {
  return `${digestOf(json)}.json`;
}

/** A SHA-256 hash's digest as a name: base64url, 22 characters (132 bits). */
const shortDigest = (hash: Hash) => hash.digest('base64url').slice(0, 22);

/** SHA-256 of `text` as a name (shortDigest). */
export function digestOf(text: string): string {
  return shortDigest(createHash('sha256').update(text));
}

const referenceTag = '<script type="application/json" data-next-f-src="">';
const payloadReference = (url: string) => `${referenceTag}${JSON.stringify(url)}</script>`;

/** The payload file a page names, as its URL; undefined when none. */
export function payloadFileOf(html: string): string | undefined {
  const at = html.indexOf(referenceTag);
  if (at === -1) return undefined;
  const end = html.indexOf('</script>', at);
  return JSON.parse(html.slice(at + referenceTag.length, end)) as string;
}

/**
 * A form that only works once React runs it (no `action` of its own). Pages with one keep Next's
 * early scripts: a visitor who types into it before React has taken the page over would have
 * typed into a form that is not live yet, and the longer that window, the likelier.
 */
const reactForm = /<form\b(?![^>]*\baction=)[^>]*>/i;

/**
 * A prerendered page's HTML with its start-up scripts loaded by the loader and its payload handed
 * to `keep`; `undefined` when the page has none, has a form only React runs, or was changed before.
 */
export function deferScripts(html: string, keep: PayloadKeeper): string | undefined {
  if (html.includes(loaderMarker) || reactForm.test(html) || !html.includes('</body>')) {
    return undefined;
  }
  const deferrer = new ScriptDeferrer(keep);
  const changed = deferrer.push(html) + deferrer.end();
  return deferrer.deferred ? changed : undefined;
}

/**
 * Defers a page's scripts as it streams, chunk by chunk, without holding more than an element that
 * is not complete yet: the start-up chunks' tags (in <head>) go, their sources and nonce are
 * remembered, the payload is collected for `keep`, and its reference and the loader go in before
 * `</body>` (or at the very end; Next sends `</body></html>` last). deferScripts gives it a whole
 * page at once.
 */
export class ScriptDeferrer {
  private carry = '';
  private readonly sources: string[] = [];
  private readonly payload: string[] = [];
  /** The page as sent so far, without its nonces: what pageDigest is taken of. */
  private readonly page = createHash('sha256');
  private nonce: string | undefined;
  private placed = false;

  constructor(private readonly keep: PayloadKeeper) {}

  /** Whether the page had start-up scripts to defer. */
  get deferred(): boolean {
    return this.sources.length > 0;
  }

  /** The text to send for `text` (possibly less: an unfinished element waits for the rest). */
  push(text: string): string {
    const buffered = this.carry + text;
    if (this.placed) {
      this.carry = '';
      return buffered;
    }
    let cut = buffered.lastIndexOf('>') + 1;
    // A script element whose end has not arrived waits whole, so no tag is judged in halves.
    const open = buffered.lastIndexOf('<script', cut - 1);
    if (open !== -1 && buffered.indexOf('</script>', open) === -1) cut = open;
    this.carry = buffered.slice(cut);
    return this.process(buffered.slice(0, cut));
  }

  /** What is left to send at the end of the answer (the loader too, had no `</body>` come). */
  end(): string {
    const last = this.process(this.carry);
    this.carry = '';
    if (this.placed || this.sources.length === 0) return last;
    return last + this.place();
  }

  private process(text: string): string {
    if (this.placed || text === '') return text;
    const changed = text
      .replace(chunkScript, (tag, source: string, attributes: string) => {
        if (!attributes.includes(' async=""')) return tag;
        if (!this.sources.includes(source)) this.sources.push(source);
        this.nonce ??= / nonce="([^"]*)"/.exec(attributes)?.[1];
        return '';
      })
      .replace(chunkPreload, '')
      .replace(payloadScript, (script, json: string) => {
        // Only once there is a loader to come, which fetches the payload.
        if (this.sources.length === 0) return script;
        this.payload.push(json);
        return '';
      });
    const end = changed.indexOf('</body>');
    const placing = end !== -1 && this.sources.length > 0;
    const sent = placing ? changed.slice(0, end) : changed;
    this.page.update(sent.replace(/ nonce="[^"]*"/g, ''));
    return placing ? sent + this.place() + changed.slice(end) : changed;
  }

  /** The payload's reference (when the page had one) and the loader. */
  private place(): string {
    this.placed = true;
    let reference = '';
    if (this.payload.length > 0) {
      const json = `[${this.payload.join(',')}]`;
      // The nonce must not outlive its answer: the file may be kept and served to others.
      const kept = this.nonce ? json.replaceAll(this.nonce, '') : json;
      reference = payloadReference(this.keep(kept, shortDigest(this.page)));
    }
    return reference + loaderScript(this.sources, this.nonce);
  }
}

/**
 * The pages rendered per request whose scripts the server defers as they stream (any language):
 * `/pricing` and the blog, which have no form that only React runs (their search and newsletter
 * forms work as plain GET forms). The others (checkout, account) keep Next's early scripts.
 */
export function isDeferredDynamicPage(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return /^(\/[a-z]{2}(-[A-Za-z]{4})?)?\/(pricing|blog(\/.*)?)$/.test(path);
}

/**
 * Makes `res` defer the scripts of the HTML page written to it (ScriptDeferrer, its payload going
 * to `keep`): decided at the first write, for a 200 `text/html` answer whose Content-Length, if
 * any, can still be removed. Call it before the handler writes, after anything that wraps `res`
 * for compression.
 */
export function deferScriptsOf(res: http.ServerResponse, keep: PayloadKeeper): void {
  const originalWrite = res.write;
  const originalEnd = res.end;
  const decoder = new StringDecoder('utf8');
  let deferrer: ScriptDeferrer | null | undefined;
  const decide = (): ScriptDeferrer | null => {
    if (deferrer !== undefined) return deferrer;
    const html = /^text\/html/i.test(String(res.getHeader('content-type') ?? ''));
    const fixedLength = res.getHeader('content-length') !== undefined;
    const usable = html && res.statusCode === 200 && !(fixedLength && res.headersSent);
    deferrer = usable ? new ScriptDeferrer(keep) : null;
    if (deferrer && fixedLength) res.removeHeader('content-length');
    return deferrer;
  };
  // write(chunk[, encoding][, callback]) and end([chunk][, encoding][, callback]), as Node has them.
  const parts = (args: unknown[]) => {
    const callback = args.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    const [chunk, encoding] = args;
    let text = '';
    if (typeof chunk === 'string') {
      text =
        typeof encoding === 'string' && encoding !== 'utf8' && encoding !== 'utf-8'
          ? decoder.write(Buffer.from(chunk, encoding as BufferEncoding))
          : chunk;
    } else if (chunk instanceof Uint8Array) {
      text = decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    }
    return { text, callback };
  };
  res.write = function (this: http.ServerResponse, ...args: unknown[]) {
    const active = decide();
    if (!active) return (originalWrite as (...a: unknown[]) => boolean).apply(this, args);
    const { text, callback } = parts(args);
    return originalWrite.call(this, active.push(text), 'utf8', callback);
  } as typeof res.write;
  res.end = function (this: http.ServerResponse, ...args: unknown[]) {
    const active = decide();
    if (!active) return (originalEnd as (...a: unknown[]) => http.ServerResponse).apply(this, args);
    const { text, callback } = parts(args);
    const last = active.push(text) + active.push(decoder.end()) + active.end();
    return originalEnd.call(this, last, 'utf8', callback);
  } as typeof res.end;
}
