CREATE TABLE "receipt_counter" (
	"id" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "receipt_counter_one_row" CHECK ("receipt_counter"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "receipts_number_unique" UNIQUE("number"),
	CONSTRAINT "receipts_kind" CHECK ("receipts"."kind" in ('receipt','credit_note'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_order_kind_idx" ON "receipts" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "receipts_unmailed_idx" ON "receipts" USING btree ("issued_at") WHERE "receipts"."mailed_at" is null;--> statement-breakpoint
-- Payments and refunds made before receipts existed get theirs, numbered in the order they
-- happened; they count as mailed (their buyers were not mailed a receipt then, and a mail about
-- an old payment arriving now would only confuse).
INSERT INTO "receipts" ("number", "order_id", "kind", "issued_at", "mailed_at")
SELECT row_number() OVER (ORDER BY "at", "kind" DESC, "order_id"), "order_id", "kind", "at", now()
FROM (
	SELECT "id" AS "order_id", 'receipt' AS "kind", "paid_at" AS "at" FROM "orders"
	WHERE "status" IN ('paid', 'refunded') AND "paid_at" IS NOT NULL
	UNION ALL
	SELECT "id", 'credit_note', coalesce("refunded_at", "updated_at") FROM "orders"
	WHERE "status" = 'refunded' AND "paid_at" IS NOT NULL
) AS "documents";--> statement-breakpoint
INSERT INTO "receipt_counter" ("id", "last") SELECT 1, count(*) FROM "receipts";
