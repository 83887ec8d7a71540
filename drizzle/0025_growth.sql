CREATE TABLE "analytics_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"source_domain" text NOT NULL,
	"customer_id" integer,
	"visitor_id" text,
	"session_id" text,
	"audience" text NOT NULL,
	"detail" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data" jsonb,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"forward_attempts" integer DEFAULT 0 NOT NULL,
	"next_forward_at" timestamp with time zone,
	"forwarded_at" timestamp with time zone,
	"forward_error" text,
	CONSTRAINT "analytics_events_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "client_log_digests" (
	"digest" text PRIMARY KEY NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"logged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"visitor_id" text,
	"key" text NOT NULL,
	"event" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_records_one_owner" CHECK (("notification_records"."customer_id" is null) <> ("notification_records"."visitor_id" is null))
);
--> statement-breakpoint
ALTER TABLE "notification_records" ADD CONSTRAINT "notification_records_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_type_time_idx" ON "analytics_events" USING btree ("event_type","event_time");--> statement-breakpoint
CREATE INDEX "analytics_events_forward_idx" ON "analytics_events" USING btree ("next_forward_at") WHERE "analytics_events"."forwarded_at" is null and "analytics_events"."next_forward_at" is not null;--> statement-breakpoint
CREATE INDEX "client_log_digests_last_seen_idx" ON "client_log_digests" USING btree ("last_seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_records_customer_key" ON "notification_records" USING btree ("customer_id","key","event");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_records_visitor_key" ON "notification_records" USING btree ("visitor_id","key","event");--> statement-breakpoint
CREATE INDEX "notification_records_created_at" ON "notification_records" USING btree ("created_at");