CREATE TABLE "provider_plans" (
	"provider" text NOT NULL,
	"plan_id" text NOT NULL,
	"provider_product_id" text NOT NULL,
	"provider_plan_id" text NOT NULL,
	"terms" text NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_plans_provider_plan_id_pk" PRIMARY KEY("provider","plan_id")
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "renewal_price" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "provider_plans" ADD CONSTRAINT "provider_plans_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_renewal_price_positive" CHECK ("plans"."renewal_price" is null or "plans"."renewal_price" > 0);