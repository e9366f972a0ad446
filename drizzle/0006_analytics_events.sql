CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"event_timestamp" bigint NOT NULL,
	"event_datetime" varchar(40),
	"event_name" varchar(64) NOT NULL,
	"event_params" jsonb NOT NULL,
	"user_id" varchar(128),
	"user_properties" jsonb,
	"language" varchar(16),
	"device" varchar(256),
	"country" varchar(64),
	"country_code" varchar(2),
	"app_name" varchar(64),
	"ip" varchar(45),
	"source_ip" varchar(45),
	"app_type" integer,
	"app_info" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_events_time_idx" ON "analytics_events" USING btree ("event_time");--> statement-breakpoint
CREATE INDEX "analytics_events_name_time_idx" ON "analytics_events" USING btree ("event_name","event_time");