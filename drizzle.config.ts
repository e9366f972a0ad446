import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` reads this; the app applies drizzle/ itself at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './drizzle',
});
