// Served by the Hono API (src/server/api/app.ts) through src/server/api/route-handlers.ts.
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from '@/server/api/route-handlers';
