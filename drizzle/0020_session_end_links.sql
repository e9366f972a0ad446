ALTER TABLE "sessions" ADD COLUMN "end_token_hash" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_end_token_hash_unique" UNIQUE("end_token_hash");