CREATE TABLE "subscription_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"which_eye" text NOT NULL,
	"product_id" integer NOT NULL,
	"upc" text NOT NULL,
	"quantity" integer NOT NULL,
	"selected_parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "subscription_items_quantity_check" CHECK ("subscription_items"."quantity" between 0 and 99),
	CONSTRAINT "subscription_items_eye_check" CHECK ("subscription_items"."which_eye" in ('right', 'left', 'none'))
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"frequency_days" integer NOT NULL,
	"next_reorder_date" text NOT NULL,
	"patient" jsonb,
	"doctor_id" integer,
	"shipping_address" jsonb,
	"shipping_level" smallint DEFAULT 0 NOT NULL,
	"payment_method_id" integer,
	"prescription_expires_on" text,
	"source_order_id" integer,
	"last_order_id" integer,
	"claimed_until" timestamp with time zone,
	"last_failure_reason" text,
	"last_failure_at" timestamp with time zone,
	"failure_notice" text,
	"reminder_sent_for" text,
	"cancel_reason" text,
	"cancel_note" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('Active', 'Cancelled')),
	CONSTRAINT "subscriptions_type_check" CHECK ("subscriptions"."type" in ('Lens', 'Solution')),
	CONSTRAINT "subscriptions_frequency_check" CHECK ("subscriptions"."frequency_days" between 1 and 730),
	CONSTRAINT "subscriptions_date_check" CHECK ("subscriptions"."next_reorder_date" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subscription_id" integer;--> statement-breakpoint
ALTER TABLE "subscription_items" ADD CONSTRAINT "subscription_items_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_items" ADD CONSTRAINT "subscription_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_source_order_id_orders_id_fk" FOREIGN KEY ("source_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_last_order_id_orders_id_fk" FOREIGN KEY ("last_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_items_eye_idx" ON "subscription_items" USING btree ("subscription_id","which_eye");--> statement-breakpoint
CREATE INDEX "subscriptions_customer_idx" ON "subscriptions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("status","next_reorder_date");