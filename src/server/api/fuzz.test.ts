import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '@/server/account/queries';
import { startWebSession } from '@/server/session/service';
import { startedCheckout } from '../../../tests/support/account-api';
import {
  documentedEndpoints,
  type Endpoint,
  endpoints,
  freshEmail,
  label,
  strangerToken,
} from '../../../tests/support/api-endpoints';
import {
  describeRequest,
  expectSafeAnswer,
  type HostileRequest,
  send,
  setUpHostileApp,
} from '../../../tests/support/hostile-app';
import {
  hostileBody,
  hostileHeaders,
  hostileQuery,
  hostileSegment,
  rawFragments,
} from '../../../tests/support/hostile-input';

// Property-based fuzzing of every endpoint of docs/api.md: whatever arrives (random or broken
// JSON, wrong types, missing and extra fields, deep nesting, long and strange strings, wrong
// content types, junk query strings, path parameters and headers), the API answers without a
// 5xx, with the JSON envelope { code, message } (or a same-site redirect), and without internals.
// A failure prints its seed and path; reproduce it with
//   FUZZ_SEED=<seed> npx vitest run src/server/api/fuzz.test.ts   (FUZZ_RUNS=<n> for more runs)

const seed = Number(process.env.FUZZ_SEED ?? 20_260_607);
const numRuns = Number(process.env.FUZZ_RUNS ?? 40);
console.info(`[fuzz] fast-check seed ${seed}, ${numRuns} runs per endpoint`);

const { kit, testDb } = setUpHostileApp();

let ipCounter = 0;
/** A fresh documentation-range address per request, so rate limits rarely decide the answer. */
const nextIp = () => {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
};

/** Real things for the fuzzer to aim at: sessions, an order, its sandbox payment. */
interface Targets {
  /** A session of its own per endpoint, so one endpoint's effects cannot starve another. */
  sessions: Map<string, string>;
  orderId: string;
  checkoutCookie: string;
  sandboxId: string;
}
let targets: Targets | undefined;
const target = () => {
  if (!targets) throw new Error('targets are made in beforeAll');
  return targets;
};

beforeAll(async () => {
  const db = testDb().handle.db;
  const sessions = new Map<string, string>();
  for (const endpoint of endpoints) {
    // set_password needs an account without a password; the others one with a password.
    const user = await kit.createUser(
      endpoint.path.endsWith('/set_password') ? null : 'Start-pass1!',
    );
    const row = await findUserByEmail(db, user.email);
    if (!row) throw new Error('user vanished');
    sessions.set(label(endpoint), (await startWebSession(db, row.id)).token);
  }
  const started = await kit.call('/api/mms/payment/v1/web/checkout', {
    body: { plan_id: 'p24m', email: freshEmail() },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const { orderId, cookie, sandboxId } = startedCheckout(started);
  targets = { sessions, orderId, checkoutCookie: cookie, sandboxId };
});

// The /api/mms/ rests the bot-check wrappers can be pointed at.
const wrappedRests = endpoints
  .filter((e) => e.path.startsWith('/api/mms/'))
  .map((e) => e.path.slice('/api/mms/'.length));

function pathFor(endpoint: Endpoint): fc.Arbitrary<string> {
  if (endpoint.path.endsWith('/*')) {
    const prefix = endpoint.path.slice(0, -'/*'.length).replace(/r[23]$/, '');
    const version = fc.constantFrom('r2', 'r3', 'r3/mms', 'r4', 'R3', '');
    const rest = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...wrappedRests) },
      {
        weight: 2,
        arbitrary: fc.array(hostileSegment, { minLength: 1, maxLength: 4 }).map((s) => s.join('/')),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom('..%2F..%2Fhealthz', '../../healthz', '%2e%2e/%2e%2e/l10n'),
      },
    );
    return fc.tuple(version, rest).map(([v, r]) => `${prefix}${v}/${r.replace(':id', 'x')}`);
  }
  if (!endpoint.path.includes(':id')) return fc.constant(endpoint.path);
  const known = endpoint.path.includes('/sandbox/')
    ? () => target().sandboxId
    : () => target().orderId;
  return fc
    .oneof(
      { weight: 3, arbitrary: hostileSegment },
      { weight: 1, arbitrary: fc.constant(null).map(() => encodeURIComponent(known())) },
    )
    .map((id) => endpoint.path.replace(':id', id));
}

type Auth = 'none' | 'session' | 'stranger' | 'checkout';

function authHeaders(endpoint: Endpoint, auth: Auth): Record<string, string> {
  switch (auth) {
    case 'session':
      return { Authorization: `Bearer ${target().sessions.get(label(endpoint)) ?? ''}` };
    case 'stranger':
      return { Cookie: `paypal_token=${strangerToken()}` };
    case 'checkout':
      return { Cookie: target().checkoutCookie };
    default:
      return {};
  }
}

/** A whole hostile request for one endpoint, printed compactly when a property fails. */
function requestFor(endpoint: Endpoint): fc.Arbitrary<HostileRequest> {
  const auth = fc.oneof(
    { weight: endpoint.session ? 6 : 1, arbitrary: fc.constant<Auth>('session') },
    { weight: 1, arbitrary: fc.constantFrom<Auth>('none', 'stranger', 'checkout') },
  );
  const body =
    endpoint.method === 'POST' ? fc.option(hostileBody(endpoint), { freq: 8 }) : fc.constant(null);
  return fc
    .record({
      path: pathFor(endpoint),
      query: hostileQuery(endpoint),
      auth,
      extra: fc.option(hostileHeaders, { freq: 3 }),
      body,
      appType: fc.oneof(
        { weight: 9, arbitrary: fc.constant('502') },
        { weight: 1, arbitrary: fc.constantFrom('', '501', '502, 502', ' 502') },
      ),
      origin: fc.constantFrom<string | undefined>(undefined, 'http://localhost:3000'),
    })
    .map((drawn) => {
      const headers: Record<string, string> = {
        'app-type': drawn.appType,
        'X-Forwarded-For': nextIp(),
        ...(drawn.origin ? { Origin: drawn.origin } : {}),
        ...authHeaders(endpoint, drawn.auth),
        ...(drawn.extra ?? {}),
      };
      if (drawn.body?.contentType) headers['Content-Type'] = drawn.body.contentType;
      const request: HostileRequest = {
        method: endpoint.method,
        path: `${drawn.path}${drawn.query}`,
        headers,
        body: drawn.body?.body,
      };
      return Object.assign(request, {
        [fc.toStringMethod]: () => `${drawn.body?.kind ?? 'no body'}: ${describeRequest(request)}`,
      });
    });
}

describe('the endpoint table', () => {
  it('covers every endpoint docs/api.md documents', () => {
    const table = new Set(endpoints.map(label));
    const documented = documentedEndpoints();
    expect(documented.length).toBeGreaterThan(40);
    expect(documented.filter((endpoint) => !table.has(endpoint))).toEqual([]);
  });
});

describe('hostile input never breaks the API', () => {
  const app = () => kit.app();

  it.each(endpoints.map((endpoint) => [label(endpoint), endpoint] as const))(
    '%s',
    async (_, endpoint) => {
      await fc.assert(
        fc.asyncProperty(requestFor(endpoint), async (request) => {
          const answer = await send(app(), request);
          expectSafeAnswer(request, answer, { html: endpoint.answers === 'html' });
        }),
        { seed, numRuns, endOnFailure: true },
      );
    },
  );

  it('answers other methods on every path without a 5xx', async () => {
    for (const endpoint of endpoints) {
      const path = endpoint.path.replace(':id', 'x').replace('/*', '/contact/v1/messages');
      for (const method of [
        'PUT',
        'PATCH',
        'DELETE',
        'OPTIONS',
        endpoint.method === 'GET' ? 'POST' : 'GET',
      ]) {
        for (const appType of ['502', '']) {
          const request = {
            method,
            path,
            headers: { 'app-type': appType, 'X-Forwarded-For': nextIp() },
          };
          expectSafeAnswer(request, await send(app(), request));
        }
      }
    }
  });

  it('answers every broken escape in a path without a 5xx', async () => {
    for (const endpoint of endpoints) {
      for (const fragment of rawFragments) {
        const path = endpoint.path.includes(':id')
          ? endpoint.path.replace(':id', fragment)
          : `${endpoint.path.replace('/*', '')}/${fragment}`;
        const request = {
          method: endpoint.method,
          path,
          headers: { 'app-type': '502', 'X-Forwarded-For': nextIp() },
        };
        const answer = await send(app(), request);
        expectSafeAnswer(request, answer, { html: endpoint.answers === 'html' });
      }
    }
  });
});
