import 'server-only';

/**
 * The address limits count a visitor by: the last X-Forwarded-For entry, the one the nearest
 * proxy (or Next itself, when the client sent none) wrote. A client cannot push it out by
 * sending its own header through a proxy that appends. Without any proxy in front of Next a
 * client can still choose it, which is why every form is also limited per email address.
 * Replace with the geo module's trusted-proxy reader (TRUSTED_PROXIES, issue 7) once it exists.
 */
export function clientIpOf(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for') ?? '';
  const last = forwarded
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .at(-1);
  return last && last.length <= 64 ? last : 'unknown';
}
