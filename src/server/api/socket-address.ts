/**
 * The connecting socket's address when the app is served standalone by @hono/node-server
 * (it is at env.incoming); under Next there is none, and the geo module reads the address the
 * instrumentation hook stamped on the request instead.
 */
export function socketAddress(env: unknown): string | undefined {
  const address = (env as { incoming?: { socket?: { remoteAddress?: unknown } } } | undefined)
    ?.incoming?.socket?.remoteAddress;
  return typeof address === 'string' ? address : undefined;
}
