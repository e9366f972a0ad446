import 'server-only';
import { randomBytes } from 'node:crypto';
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

// Next's route handlers get a Web Request without the socket, and Next only *fills in*
// X-Forwarded-For with the socket address when the client sent none (base-server: `??=`), so a
// client could otherwise pick its own address. Node publishes every incoming HTTP request on the
// documented diagnostics channel `http.server.request.start` before any 'request' listener runs;
// there we stamp the real peer address into a private header that Next then copies into the
// Request. The header carries a per-process secret so a client cannot forge it: a value
// without the secret (sent by a client, or a request that arrived before the hook was
// installed) is ignored.
export const peerHeader = 'x-turbovpn-peer';

interface PeerState {
  secret: string;
  installed: boolean;
}

const stateKey = Symbol.for('turbovpn.geo.peer-address');
const holder = globalThis as typeof globalThis & { [stateKey]?: PeerState };

function state(): PeerState {
  holder[stateKey] ??= { secret: randomBytes(16).toString('hex'), installed: false };
  return holder[stateKey];
}

interface RequestStart {
  request: IncomingMessage;
  socket: Socket;
}

/** Stamps the socket address of every HTTP request this process receives (idempotent). */
export function installPeerAddressHook(): void {
  const current = state();
  if (current.installed) return;
  current.installed = true;
  subscribe('http.server.request.start', (message) => {
    const { request, socket } = message as RequestStart;
    const address = socket.remoteAddress;
    // Whatever the client sent under this name goes, from both views of the headers (Next reads
    // `headers`, @hono/node-server `rawHeaders`).
    delete request.headers[peerHeader];
    const raw = request.rawHeaders;
    for (let index = raw.length - 2; index >= 0; index -= 2) {
      if (raw[index]?.toLowerCase() === peerHeader) raw.splice(index, 2);
    }
    if (!address) return;
    const value = `${current.secret} ${address}`;
    request.headers[peerHeader] = value;
    raw.push(peerHeader, value);
  });
}

/** The connecting peer's address as stamped by the hook, or undefined when there is none. */
export function stampedPeer(headers: Headers): string | undefined {
  const value = headers.get(peerHeader);
  if (!value) return undefined;
  const [secret, address] = value.split(' ');
  return secret === state().secret && address ? address : undefined;
}
