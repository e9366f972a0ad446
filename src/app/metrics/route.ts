// Serves the Hono API (src/server/api/app.ts), which routes on the full pathname.
import { app } from '@/server/api/app';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const serve = (request: Request) => app.fetch(request);

export const GET = serve;
export const POST = serve;
export const PUT = serve;
export const PATCH = serve;
export const DELETE = serve;
export const OPTIONS = serve;
