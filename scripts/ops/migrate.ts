// `npm run db:migrate`: applies drizzle/ to the configured database without starting the server.
// Run with --conditions=react-server (see package.json): server modules import `server-only`,
// which throws outside that export condition.

async function main(): Promise<void> {
  const { prepareDatabase } = await import('../../src/server/startup');
  const { migrationStatus } = await import('../../src/server/db/migrate');
  const { handle } = await prepareDatabase();
  const status = await migrationStatus(handle);
  console.log(
    `Migrations applied to ${handle.label}: ${status.applied} of ${status.expected} (${status.current ? 'current' : 'NOT current'})`,
  );
  await handle.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
