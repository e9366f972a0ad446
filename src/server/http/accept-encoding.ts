/** Whether an Accept-Encoding header accepts `coding` by name (`gzip`, not `gzip;q=0`). */
export function acceptsEncoding(header: string | undefined, coding: string): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name?.trim() !== coding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Whether an Accept-Encoding header accepts Brotli (`br`, not `br;q=0`). */
export const acceptsBrotli = (header: string | undefined): boolean => acceptsEncoding(header, 'br');
