/**
 * The texts of a numbered page list in the page's language: the blog's pages word them on the
 * server (src/server/blog/page-support.ts) and the Pagination component shows them.
 */
export interface PaginationLabels {
  /** Names the navigation landmark, e.g. "Pages". */
  nav: string;
  previous: string;
  next: string;
  /** Accessible name of a numbered link, e.g. page => `Page ${page}`. */
  page: (page: number) => string;
}
