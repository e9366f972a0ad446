/** A page number from a path segment: a whole number from 1, without sign or leading zeros. */
export function parsePageNumber(segment: string): number | null {
  if (!/^[1-9]\d{0,5}$/.test(segment)) return null;
  return Number(segment);
}
