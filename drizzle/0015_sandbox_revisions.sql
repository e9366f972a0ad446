ALTER TABLE "sandbox_subscriptions" ADD COLUMN "revised_plan_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD COLUMN "revision_approved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD COLUMN "revision_return_url" text;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD COLUMN "revision_cancel_url" text;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD CONSTRAINT "sandbox_subscriptions_revised_plan_id_sandbox_plans_id_fk" FOREIGN KEY ("revised_plan_id") REFERENCES "public"."sandbox_plans"("id") ON DELETE no action ON UPDATE no action;