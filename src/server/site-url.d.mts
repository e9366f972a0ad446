// Types of src/server/site-url.mjs.
export function defaultSiteUrl(env: Record<string, string | undefined>): string;
export function effectiveSiteUrl(env: Record<string, string | undefined>): string;
