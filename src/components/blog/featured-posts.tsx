import type { Locale } from '@/lib/locales';
import type { BlogPostSummary } from '@/server/blog/wire';
import { featuredRows } from './featured-rows';
import { PostCard, PostGrid } from './post-card';

/**
 * The blog home's featured posts: the lead post across the whole width (cover beside the text
 * from 1024 px), the others below it, two to a row. Every card is as tall as its own content
 * or its row neighbour, so no card is stretched to a column of two others, which left a large
 * empty gap in the lead card.
 */
export function FeaturedPosts({ posts, locale }: { posts: BlogPostSummary[]; locale: Locale }) {
  const rows = featuredRows(posts);
  if (!rows) return null;
  return (
    <div className="grid gap-6" data-area="featured">
      <PostCard post={rows.lead} locale={locale} large wide priority />
      {rows.single ? <PostCard post={rows.single} locale={locale} wide /> : null}
      {rows.pairs.length > 0 ? (
        <PostGrid columns={2}>
          {rows.pairs.map((post) => (
            <PostCard key={post.id} post={post} locale={locale} />
          ))}
        </PostGrid>
      ) : null}
    </div>
  );
}
