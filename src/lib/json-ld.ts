import type { Thing, WithContext } from 'schema-dts';

// Structured data as text: the pages' <script type="application/ld+json"> (components/seo) and
// the stored head of blog posts (src/server/blog/seo-head.ts) write it the same way.

/** Serialises structured data so that no string in it can close the script element. */
export function serializeJsonLd(data: WithContext<Thing> | WithContext<Thing>[]): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
