ALTER TABLE "provider_plans" ADD COLUMN "kind" text DEFAULT 'purchase' NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_plans" DROP CONSTRAINT "provider_plans_provider_plan_id_pk";--> statement-breakpoint
ALTER TABLE "provider_plans" ADD CONSTRAINT "provider_plans_provider_plan_id_kind_pk" PRIMARY KEY("provider","plan_id","kind");--> statement-breakpoint
ALTER TABLE "provider_plans" ADD CONSTRAINT "provider_plans_kind" CHECK ("provider_plans"."kind" in ('purchase','renewal'));
