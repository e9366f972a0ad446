// Heading ids and tables of contents, the same for blog posts and the long copy of content/
// (legal, info, feature and country guides), so every anchor on the site follows one rule.

/** One entry of a table of contents: the heading's id, its plain text and its level. */
export interface TocEntry {
  id: string;
  text: string;
  /** Blog posts list ## and ### headings; entries without a level are ## headings. */
  level?: 2 | 3;
}

// `## Heading {#stable-id}`: ids stay the same in every translation, so links to a section
// keep working when the heading text is translated.
const explicitId = /\s*\{#([a-z0-9-]+)\}\s*$/;

/** A heading's text without a trailing `{#id}`, and that id when it has one. */
export function splitHeadingId(heading: string): { text: string; id?: string } {
  const match = explicitId.exec(heading);
  if (!match?.[1]) return { text: heading };
  return { text: heading.replace(explicitId, ''), id: match[1] };
}

/** A heading's anchor: lower-case letters and digits of any script, joined by hyphens. */
export function headingId(text: string): string {
  const id = text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return id || 'section';
}

/**
 * Names the headings of one document, in order. An explicit `{#id}` is kept as written. A heading
 * without one is named by `fallback`: `slug`, its text as an anchor (`-2`, `-3` … when the same
 * text comes again), the rule of blog posts, whose headings never carry ids; `position`,
 * `section-<n>` for the n-th heading, for the long copy, where every heading should carry an id.
 * The long copy's ids must be unique (a repeated one is an authoring error and throws).
 */
export function headingIds(fallback: 'slug' | 'position') {
  const used = new Set<string>();
  const slugs = new Map<string, number>();
  return (text: string, explicit?: string): string => {
    if (!explicit && fallback === 'slug') {
      const base = headingId(text);
      const seen = slugs.get(base) ?? 0;
      slugs.set(base, seen + 1);
      const id = seen === 0 ? base : `${base}-${seen + 1}`;
      used.add(id);
      return id;
    }
    const id = explicit ?? `section-${used.size + 1}`;
    if (used.has(id)) throw new Error(`Duplicate heading id #${id}`);
    used.add(id);
    return id;
  };
}
