// `npm run bench:login`: login throughput (argon2id included) and profile latency at a fixed
// rate, against the production server on a fresh embedded database. Run it alone: the
// figures are only meaningful when nothing else uses the machine's cores.
//   BENCH_SECONDS (default 15), BENCH_CONNECTIONS (login, default 8), SKIP_BUILD=1.
import os from 'node:os';
import autocannon, { type Options, type Result } from 'autocannon';
import { buildIfNeeded } from '../build/build-if-needed';
import { runCommand } from '../command';
import {
  freePort,
  type ProductionServer,
  reportStartError,
  startProductionServer,
} from '../test/serve-production';

const prefix = 'bench:login';
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const demo = { username: 'demo@turbovpn.local', password: 'Demo-pass1!' };
const headers = { 'app-type': '502', 'content-type': 'application/json' };

function run(options: Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ duration: seconds, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

type Summary = {
  requests_per_second: number;
  latency_ms: { p50: number; p90: number; p99: number; max: number };
  total: number;
  non_2xx: number;
  errors: number;
  timeouts: number;
};

function summary(result: Result): Summary {
  return {
    requests_per_second: Math.round(result.requests.average * 10) / 10,
    latency_ms: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    total: result.requests.total,
    non_2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** The session token of a login answer (`{ data: { token } }`). */
function tokenOf(answer: unknown): string {
  const data =
    typeof answer === 'object' && answer !== null && 'data' in answer ? answer.data : undefined;
  const token =
    typeof data === 'object' && data !== null && 'token' in data ? data.token : undefined;
  if (typeof token !== 'string') throw new Error('login answered no data.token');
  return token;
}

async function main(): Promise<number> {
  await buildIfNeeded({ log: (line) => console.log(line) });
  let server: ProductionServer;
  try {
    server = await startProductionServer({ port: await freePort(), timeoutMs: 90_000 });
  } catch (error) {
    reportStartError(error, prefix);
    return 1;
  }
  try {
    const loginUrl = `${server.baseUrl}/api/mms/account/v1/web/login`;
    const profileUrl = `${server.baseUrl}/api/mms/account/v1/web/profile`;
    const signIn = async (): Promise<string> => {
      const response = await fetch(loginUrl, {
        method: 'POST',
        headers,
        body: JSON.stringify(demo),
      });
      if (!response.ok)
        throw new Error(`login failed: ${response.status} ${await response.text()}`);
      return tokenOf(await response.json());
    };
    // Warm up: the first argon2 call and the route bundles load lazily.
    await signIn();

    console.log(`${prefix}: login, ${connections} connections, ${seconds} s`);
    const login = await run({
      url: loginUrl,
      method: 'POST',
      headers,
      body: JSON.stringify(demo),
      connections,
    });
    // A token from after the login run: the account keeps only its 10 newest web sessions.
    const token = await signIn();
    console.log(`${prefix}: profile at 200 requests/s, ${seconds} s`);
    const profile = await run({
      url: profileUrl,
      headers: { ...headers, authorization: `Bearer ${token}` },
      connections: 10,
      overallRate: 200,
    });
    const report = {
      machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}`,
      argon2id: 'm=19456 KiB, t=2, p=1',
      login: summary(login),
      profile_at_200_rps: summary(profile),
    };
    console.log(JSON.stringify(report, null, 2));
    const failed = login.non2xx + login.errors + profile.non2xx + profile.errors;
    if (failed > 0) {
      console.error(`${prefix}: ${failed} requests failed; the figures above are not valid`);
      return 1;
    }
    return 0;
  } finally {
    await server.stop();
  }
}

runCommand(prefix, main);
