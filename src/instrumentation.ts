// Next calls register() once per server process before the first request.
export async function register(): Promise<void> {
  // The edge runtime has no database drivers; only the Node server migrates and seeds.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // First, so that as few requests as possible miss the real socket address (geo, issue 7).
    const { installPeerAddressHook } = await import('./server/geo/peer-address');
    installPeerAddressHook();
    const { startServer } = await import('./server/startup');
    await startServer();
  }
}
