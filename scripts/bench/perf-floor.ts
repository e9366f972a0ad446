// The floor of `npm run perf`: the same page with every script removed, served by the same
// production server. A proxy in front of the server answers documents (requests that accept
// text/html) from the server's uncompressed answer, with every <script> element and script
// preload taken out when it is the floor proxy, compressed with Brotli (quality 11, as the
// server's page cache does); everything else (stylesheets, images, API calls) is passed through
// as the server sent it. The page and its floor are both measured through such a proxy, so the
// only difference between them is the scripts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, constants } from 'node:zlib';
import { readAnswer } from '../../src/server/http/page-cache';

/** The HTML without scripts: no <script> element, no script preload. */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\bas="script"[^>]*>/gi, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, '');
}

const perAnswer = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
]);

/** A proxy on 127.0.0.1 in front of `upstream`; `floor` takes the scripts out of documents. */
export async function startMeasuringProxy(
  upstream: URL,
  floor: boolean,
): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const document = /text\/html/.test(req.headers.accept ?? '');
    const headers = { ...req.headers, host: upstream.host };
    if (document) headers['accept-encoding'] = 'identity';
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
      (answer) => {
        const type = String(answer.headers['content-type'] ?? '');
        if (!document || !type.startsWith('text/html')) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        void readAnswer(answer).then(
          ({ body: raw }) => {
            const html = raw.toString('utf8');
            const body = brotliCompressSync(floor ? withoutScripts(html) : html, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
            });
            for (const [name, value] of Object.entries(answer.headers)) {
              if (value !== undefined && !perAnswer.has(name)) res.setHeader(name, value);
            }
            res.setHeader('content-encoding', 'br');
            res.setHeader('content-length', body.length);
            res.writeHead(answer.statusCode ?? 502);
            res.end(body);
          },
          () => res.destroy(),
        );
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
