// The Next route handlers that hand a request to the Hono API (./app.ts), which routes on the
// full pathname. Each route file that belongs to the API (/api/*, /ws/*, /l10n, /healthz,
// /readyz, /metrics) re-exports them beside its own segment config, which Next reads from the
// route file itself.
import { app } from './app';

const serve = (request: Request) => app.fetch(request);

export const GET = serve;
export const POST = serve;
export const PUT = serve;
export const PATCH = serve;
export const DELETE = serve;
export const OPTIONS = serve;
