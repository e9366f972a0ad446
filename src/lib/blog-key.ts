// The blog post's unique key (spec 3, "Blog post identifier"): the one place that turns
// { id, short_path, isWP } into the key of /blog/{unikey} and back. Server and browser use it.

export const wpKeyPrefix = '__wp__';
export const sysIdKeyPrefix = '__sys-id__';

export interface BlogPostIdentifier {
  id?: number | string | null;
  short_path?: string | null;
  /** true or the string 'true' (as WordPress-sourced data carries it). */
  isWP?: boolean | string | null;
}

export interface DecodedBlogKey {
  /** Only for system-id keys. */
  id?: string;
  isWP: boolean;
  /** '' for system-id keys and the empty key. */
  short_path: string;
}

const isTrue = (value: BlogPostIdentifier['isWP']) => value === true || value === 'true';

/**
 * The spec's four rules, in order:
 * 1. a WordPress post: `__wp__` + short_path;
 * 2. otherwise a post with a short_path: the short_path alone;
 * 3. otherwise `__sys-id__` + id;
 * 4. an empty input: ''.
 * A WordPress post without a short_path has nothing to put after `__wp__`, so it falls through to
 * rules 3 and 4 (the spec is silent; a bare `__wp__` key could never be decoded back).
 */
export function encodeBlogKey(post: BlogPostIdentifier | null | undefined): string {
  if (!post) return '';
  const shortPath = post.short_path ?? '';
  if (isTrue(post.isWP) && shortPath !== '') return `${wpKeyPrefix}${shortPath}`;
  if (shortPath !== '') return shortPath;
  const id = post.id === null || post.id === undefined ? '' : String(post.id);
  if (id !== '') return `${sysIdKeyPrefix}${id}`;
  return '';
}

/** Reverses encodeBlogKey: id only for system-id keys, isWP for `__wp__` keys. */
export function decodeBlogKey(key: string | null | undefined): DecodedBlogKey {
  if (!key) return { isWP: false, short_path: '' };
  if (key.startsWith(wpKeyPrefix)) return { isWP: true, short_path: key.slice(wpKeyPrefix.length) };
  if (key.startsWith(sysIdKeyPrefix)) {
    return { id: key.slice(sysIdKeyPrefix.length), isWP: false, short_path: '' };
  }
  return { isWP: false, short_path: key };
}
