// Next calls register() once per server process before the first request.
export async function register(): Promise<void> {
  // The edge runtime has no database drivers; only the Node server migrates and seeds.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startServer } = await import('./server/startup');
    await startServer();
  }
}
