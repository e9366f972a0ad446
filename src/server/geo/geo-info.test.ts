import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Settings are read once per process: set them before anything imports the config.
vi.hoisted(() => {
  process.env.TRUSTED_PROXIES = '127.0.0.0/8, 10.0.0.0/8';
  process.env.VPN_SERVER_RANGES = '8.8.4.0/24, 2001:db8:aaaa::/48';
});

const { createApp } = await import('@/server/api/app');
const { installPeerAddressHook } = await import('@/server/geo');

type Server = ReturnType<typeof serve>;

interface GeoBody {
  code: number;
  data: {
    country: string;
    country_code: string;
    user_ip: string;
    is_exposed: boolean;
    location: { region?: string; city?: string };
  };
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => {
    if (server.listening) resolve((server.address() as AddressInfo).port);
    else server.once('listening', () => resolve((server.address() as AddressInfo).port));
  });
}

// Real HTTP servers, so the peer address is a real socket's: requests from 127.0.0.1 come from
// a trusted proxy, requests from ::1 from an untrusted peer.
describe('POST /api/mms/account/v1/geo_info', () => {
  const app = createApp();
  const servers: Server[] = [];
  let v4Url = '';
  let v6Url = '';
  let nextLikeUrl = '';

  beforeAll(async () => {
    installPeerAddressHook();
    const v4 = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
    const v6 = serve({ fetch: app.fetch, hostname: '::1', port: 0 });
    // Like Next's route handlers: the Request only, no socket in the environment.
    const nextLike = serve({ fetch: (request) => app.fetch(request), hostname: '::1', port: 0 });
    servers.push(v4, v6, nextLike);
    v4Url = `http://127.0.0.1:${await listen(v4)}`;
    v6Url = `http://[::1]:${await listen(v6)}`;
    nextLikeUrl = `http://[::1]:${await listen(nextLike)}`;
  });

  afterAll(async () => {
    await Promise.all(
      servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
    );
  });

  async function geo(base: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${base}/api/mms/account/v1/geo_info`, {
      method: 'POST',
      headers: { 'app-type': '502', ...headers },
    });
    return { status: res.status, body: (await res.json()) as GeoBody };
  }

  it('places a public IPv4 address forwarded by a trusted proxy', async () => {
    const { status, body } = await geo(v4Url, { 'X-Forwarded-For': '8.8.8.8' });
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({
      country: 'United States',
      country_code: 'US',
      user_ip: '8.8.8.8',
      is_exposed: true,
    });
    expect(body.data.location.region).toBe('California');
  });

  it('places a public IPv6 address and names mainland China so the blocked-region rule matches', async () => {
    const v6 = await geo(v4Url, { 'X-Forwarded-For': '2a00:1450:4001:80b::200e' });
    expect(v6.body.data).toMatchObject({ country_code: 'DE', user_ip: '2a00:1450:4001:80b::200e' });
    const cn = await geo(v4Url, { 'X-Forwarded-For': '1.0.1.1' });
    expect(cn.body.data.country.toLowerCase()).toContain('china');
    expect(cn.body.data.country_code).toBe('CN');
  });

  it('skips trusted hops and ignores what an untrusted hop claims', async () => {
    const { body } = await geo(v4Url, { 'X-Forwarded-For': '1.0.1.1, 8.8.8.8, 10.1.2.3' });
    expect(body.data.user_ip).toBe('8.8.8.8');
  });

  it('ignores X-Forwarded-For from an untrusted peer and reports the socket address', async () => {
    const { status, body } = await geo(v6Url, { 'X-Forwarded-For': '8.8.8.8' });
    expect(status).toBe(200);
    expect(body.data).toEqual({
      country: '',
      country_code: '',
      user_ip: '::1',
      is_exposed: true,
      location: {},
    });
  });

  it('answers a private address with empty country fields', async () => {
    const { body } = await geo(v4Url, { 'X-Forwarded-For': '192.168.1.20' });
    expect(body.data).toEqual({
      country: '',
      country_code: '',
      user_ip: '192.168.1.20',
      is_exposed: true,
      location: {},
    });
  });

  it('marks visitors coming from the service’s own server ranges as not exposed', async () => {
    const v4 = await geo(v4Url, { 'X-Forwarded-For': '8.8.4.4' });
    expect(v4.body.data).toMatchObject({ user_ip: '8.8.4.4', is_exposed: false });
    const v6 = await geo(v4Url, { 'X-Forwarded-For': '2001:db8:aaaa::7' });
    expect(v6.body.data).toMatchObject({ user_ip: '2001:db8:aaaa::7', is_exposed: false });
  });

  it('without the socket (as under Next) uses the stamped peer and refuses a forged stamp', async () => {
    const { body } = await geo(nextLikeUrl, {
      'X-Forwarded-For': '8.8.8.8',
      'x-turbovpn-peer': 'forged 8.8.8.8',
    });
    expect(body.data.user_ip).toBe('::1');
  });

  it('refuses a call without the app-type header', async () => {
    const res = await fetch(`${v4Url}/api/mms/account/v1/geo_info`, { method: 'POST' });
    expect(res.status).toBe(403);
  });
});
