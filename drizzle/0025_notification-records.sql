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
CREATE UNIQUE INDEX "notification_records_customer_key" ON "notification_records" USING btree ("customer_id","key","event");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_records_visitor_key" ON "notification_records" USING btree ("visitor_id","key","event");--> statement-breakpoint
CREATE INDEX "notification_records_created_at" ON "notification_records" USING btree ("created_at");