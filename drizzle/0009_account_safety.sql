CREATE TABLE "login_handoffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "login_handoffs_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_handoffs" ADD CONSTRAINT "login_handoffs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_handoffs_user_idx" ON "login_handoffs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_buyer_email_idx" ON "orders" USING btree ("buyer_email","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_owner" CHECK ("orders"."user_id" is not null or "orders"."buyer_email" is not null);--> statement-breakpoint
-- Tokens issued before this migration: a checkout still open keeps its token for the two days it
-- was given; every other token (paid, refunded, failed, cancelled orders) is worthless from now on.
UPDATE "orders" SET "checkout_token_expires_at" = "created_at" + interval '2 days' WHERE "checkout_token_hash" IS NOT NULL AND "status" = 'created';--> statement-breakpoint
UPDATE "orders" SET "checkout_token_hash" = NULL WHERE "checkout_token_hash" IS NOT NULL AND "status" <> 'created';
