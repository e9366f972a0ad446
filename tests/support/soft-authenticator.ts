// A software passkey authenticator for API tests: makes the registration and assertion responses
// a browser would send (packed ES256 key, "none" attestation), so the server's WebAuthn checks run
// for real. The end-to-end suite uses Chromium's virtual authenticator instead.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

// The few CBOR shapes WebAuthn needs (RFC 8949): integers, byte and text strings, maps.
function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
}
type Cbor = number | string | Buffer | Map<Cbor, Cbor>;
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string')
    return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const b64url = (data: Buffer) => data.toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

export interface SoftPasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  userHandle: string;
  counter: number;
}

export function softAuthenticator(origin: string) {
  const rpId = new URL(origin).hostname;

  function authData(flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
  }

  function clientData(type: string, challenge: string, at = origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: at, crossOrigin: false }));
  }

  /** The response to POST web/passkeys/register/options' answer. */
  function register(options: { challenge: string; user: { id: string } }, at = origin) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const credentialId = randomBytes(16);
    const idLength = Buffer.from([0, credentialId.length]);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, cose]);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData(0x45, 0, attested)],
      ]),
    );
    const passkey: SoftPasskey = {
      credentialId,
      privateKey,
      publicKey,
      userHandle: options.user.id,
      counter: 0,
    };
    const response = {
      id: b64url(credentialId),
      rawId: b64url(credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData('webauthn.create', options.challenge, at)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
    return { passkey, response };
  }

  /** The response to a request options' challenge, signed by `passkey`. */
  function assert(passkey: SoftPasskey, options: { challenge: string }, at = origin) {
    passkey.counter += 1;
    const data = authData(0x05, passkey.counter);
    const client = clientData('webauthn.get', options.challenge, at);
    const signature = sign('sha256', Buffer.concat([data, sha256(client)]), passkey.privateKey);
    return {
      id: b64url(passkey.credentialId),
      rawId: b64url(passkey.credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(client),
        authenticatorData: b64url(data),
        signature: b64url(signature),
        userHandle: passkey.userHandle,
      },
      clientExtensionResults: {},
    };
  }

  return { register, assert };
}
