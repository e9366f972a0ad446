// The only source of the database shape, one file per domain: `npm run db:generate` turns
// changes here into a migration in drizzle/, which every start applies.

export * from './account';
export * from './analytics';
export * from './blog';
export * from './forms';
export * from './mail';
export * from './payments';
export * from './rate-limits';
export * from './security';
export * from './users';
