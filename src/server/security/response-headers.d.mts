// Types of src/server/security/response-headers.mjs.
export interface HeaderEntry {
  key: string;
  value: string;
}
export const resourceContentSecurityPolicy: string;
export function securityHeaders(production: boolean): HeaderEntry[];
export const resourceHeaders: HeaderEntry[];
