import 'server-only';

type Flusher = () => Promise<void>;

interface ShutdownState {
  flushers: Set<Flusher>;
  installed: boolean;
  draining?: Promise<void>;
}

const stateKey = Symbol.for('turbovpn.analytics.shutdown');
const holder = globalThis as typeof globalThis & { [stateKey]?: ShutdownState };

// Module instances are not shared between Next's instrumentation and route bundles, so the
// registry lives on globalThis: one per process.
function state(): ShutdownState {
  holder[stateKey] ??= { flushers: new Set(), installed: false };
  return holder[stateKey];
}

/** Runs every registered flush together; a call during a run shares that run. */
export function drainAll(): Promise<void> {
  const current = state();
  if (!current.draining) {
    const run = Promise.allSettled([...current.flushers].map((flush) => flush())).then(() => {
      current.draining = undefined;
    });
    current.draining = run;
  }
  return current.draining;
}

/**
 * Makes sure `flush` runs before the process ends on SIGTERM or SIGINT.
 *
 * The production server (src/server/http/http-server.ts, like `next start`) handles both signals itself: it stops accepting connections, lets pending requests
 * finish (they may still add events) and then calls process.exit(). An async flush started from
 * our own signal listener would be cut off by that exit, so on a signal we hold process.exit back
 * until the flush has finished. When no one else listens for the signal (a plain Node process),
 * we exit ourselves after flushing, as Node would have without a listener.
 */
export function flushOnShutdown(flush: Flusher): void {
  const current = state();
  current.flushers.add(flush);
  if (current.installed) return;
  current.installed = true;

  const onSignal = (signal: NodeJS.Signals) => {
    const realExit = process.exit.bind(process);
    let exiting = false;
    const deferredExit = (code?: number | string | null): never => {
      if (!exiting) {
        exiting = true;
        void drainAll().finally(() => realExit(code ?? undefined));
      }
      return undefined as never;
    };
    process.exit = deferredExit;
    if (process.listenerCount(signal) === 0) deferredExit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  process.once('beforeExit', () => void drainAll());
}
