-- Blog search ranks every match from its search vector (ts_rank_cd). Kept out of line in TOAST
-- (a post's vector is about 5 KB, over the default 2 KB tuple target) each one cost several
-- TOAST index lookups; kept in the row (MAIN, a tuple target of a whole page) a match is read
-- from the heap page the index points at. Bodies and HTML still move out of line first; a
-- vector too large for a page still goes out of line.
ALTER TABLE "blog_posts" SET (toast_tuple_target = 8160);--> statement-breakpoint
ALTER TABLE "blog_posts" ALTER COLUMN "search_vector" SET STORAGE MAIN;--> statement-breakpoint
-- Existing rows keep their TOAST pointers until the value is written again.
UPDATE "blog_posts" SET "search_vector" = "search_vector" || ''::tsvector;
