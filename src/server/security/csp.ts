// Content-Security-Policy of the site's pages (docs/security.md). Pure functions, shared by the
// proxy, the build step that hashes prerendered pages (scripts/build/csp-manifest.ts) and the tests.
import { createHash } from 'node:crypto';

/** reCAPTCHA (spec 7) is the only third party, and only when a site key is set at build. */
export const recaptchaSources = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
} as const;

/**
 * How a page's scripts are allowed:
 * - `nonce`: rendered per request; Next puts the nonce on every script it writes, and
 *   `'strict-dynamic'` extends the trust to the chunks those scripts load;
 * - `hashes`: prerendered at build, so no nonce can exist; each inline script is allowed by its
 *   SHA-256 and script files by `'self'`.
 */
export type ScriptPolicy =
  | { kind: 'nonce'; nonce: string }
  | { kind: 'hashes'; hashes: readonly string[] };

export interface CspOptions {
  /** Production builds never need eval; React's development build does. */
  production: boolean;
  recaptcha: boolean;
}

const base64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The `Content-Security-Policy` value of a page. */
export function pageContentSecurityPolicy(script: ScriptPolicy, options: CspOptions): string {
  const scriptSrc = ["'self'"];
  if (script.kind === 'nonce') {
    if (!base64.test(script.nonce)) throw new Error('a CSP nonce must be base64');
    scriptSrc.push(`'nonce-${script.nonce}'`, "'strict-dynamic'");
  } else {
    for (const hash of script.hashes) {
      if (!/^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/.test(hash)) {
        throw new Error(`not a CSP hash source: ${hash}`);
      }
      scriptSrc.push(`'${hash}'`);
    }
  }
  if (!options.production) scriptSrc.push("'unsafe-eval'");
  if (options.recaptcha) scriptSrc.push(...recaptchaSources.script);
  return [
    "default-src 'self'",
    `script-src ${scriptSrc.join(' ')}`,
    // Inline style attributes and the sandbox page's <style> need this; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    options.recaptcha ? `frame-src ${recaptchaSources.frame.join(' ')}` : "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export { resourceContentSecurityPolicy } from './response-headers';

/** A fresh 128-bit nonce, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** `sha256-…` of a script's text as the browser hashes it (UTF-8, after newline normalisation). */
export function scriptHash(source: string): string {
  // The HTML parser turns CR LF and lone CR into LF before the script element sees its text.
  const text = source.replace(/\r\n?/g, '\n');
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

// Script types a browser executes (and so checks against script-src); any other type is a data
// block such as JSON-LD, which CSP does not govern.
const executableTypes = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'text/ecmascript',
  'text/jscript',
  'text/livescript',
  'application/x-javascript',
  'application/x-ecmascript',
  'text/x-javascript',
  'text/x-ecmascript',
]);

function attributeOf(attributes: string, name: string): string | undefined {
  const pattern = new RegExp(
    `(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+)))?`,
    'i',
  );
  const match = pattern.exec(attributes);
  if (!match) return undefined;
  return match[1] ?? match[2] ?? match[3] ?? '';
}

/**
 * The distinct hashes of the inline scripts a browser would run from this HTML, in document
 * order: scripts with a `src` are allowed by origin instead, data blocks and empty scripts are
 * never checked.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  const seen = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    const text = match[2] ?? '';
    if (attributeOf(attributes, 'src') !== undefined) continue;
    const type = (attributeOf(attributes, 'type') ?? '').trim().toLowerCase();
    if (!executableTypes.has(type)) continue;
    if (text === '') continue;
    const hash = scriptHash(text);
    if (!seen.has(hash)) {
      seen.add(hash);
      hashes.push(hash);
    }
  }
  return hashes;
}
