CREATE TABLE "clinics" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"address1" text NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"seed_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinics_seed_key_unique" UNIQUE("seed_key")
);
--> statement-breakpoint
CREATE TABLE "doctors" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text NOT NULL,
	"can_use_for_passive_verification" boolean DEFAULT true NOT NULL,
	"added_by_customer_id" integer,
	"seed_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doctors_seed_key_unique" UNIQUE("seed_key")
);
--> statement-breakpoint
CREATE TABLE "order_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"patient" jsonb,
	"doctor" jsonb,
	"rx_entry_type" text,
	"prescription_status" text,
	"auto_reorder_frequency_days" integer
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_group_id" integer NOT NULL,
	"which_eye" text NOT NULL,
	"product_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"upc" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"selected_parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"customer_id" integer NOT NULL,
	"cart_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status_code" text DEFAULT '' NOT NULL,
	"shipping_level" smallint NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"payment_token" text NOT NULL,
	"payment_brand" text NOT NULL,
	"payment_last_four" text NOT NULL,
	"charge_id" text NOT NULL,
	"coupon_code" text,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"shipping_discount_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"rebate_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"estimated_delivery_date" text,
	"tracking_number" text,
	"tracking_delivery_date" text,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_number_unique" UNIQUE("order_number"),
	CONSTRAINT "orders_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "orders_status_code_check" CHECK (length("orders"."status_code") <= 1),
	CONSTRAINT "orders_totals_check" CHECK ("orders"."total_cents" >= 0 and "orders"."subtotal_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"payment_token" text NOT NULL,
	"brand" text NOT NULL,
	"last_four" text NOT NULL,
	"expiration_month" smallint NOT NULL,
	"expiration_year" smallint NOT NULL,
	"name_on_card" text NOT NULL,
	"billing_postal_code" text NOT NULL,
	"is_preferred" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_payment_token_unique" UNIQUE("payment_token"),
	CONSTRAINT "payment_methods_last_four_check" CHECK ("payment_methods"."last_four" ~ '^[0-9]{4}$'),
	CONSTRAINT "payment_methods_month_check" CHECK ("payment_methods"."expiration_month" between 1 and 12)
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "shipping_address" jsonb;--> statement-breakpoint
ALTER TABLE "line_item_groups" ADD COLUMN "doctor_id" integer;--> statement-breakpoint
ALTER TABLE "line_item_groups" ADD COLUMN "submit_and_skip_image_classification" text;--> statement-breakpoint
ALTER TABLE "line_item_groups" ADD COLUMN "exam_voucher_token" text;--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_added_by_customer_id_customers_id_fk" FOREIGN KEY ("added_by_customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_groups" ADD CONSTRAINT "order_groups_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_group_id_order_groups_id_fk" FOREIGN KEY ("order_group_id") REFERENCES "public"."order_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinics_state_idx" ON "clinics" USING btree ("state");--> statement-breakpoint
CREATE INDEX "clinics_postal_code_idx" ON "clinics" USING btree ("postal_code");--> statement-breakpoint
CREATE INDEX "doctors_clinic_idx" ON "doctors" USING btree ("clinic_id");--> statement-breakpoint
CREATE INDEX "doctors_phone_idx" ON "doctors" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "doctors_last_name_idx" ON "doctors" USING btree (lower("last_name"));--> statement-breakpoint
CREATE INDEX "order_groups_order_idx" ON "order_groups" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_group_idx" ON "order_lines" USING btree ("order_group_id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_customer_name_idx" ON "patients" USING btree ("customer_id",lower(trim("first_name")),lower(trim("last_name")));--> statement-breakpoint
CREATE INDEX "payment_methods_customer_idx" ON "payment_methods" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "line_item_groups" ADD CONSTRAINT "line_item_groups_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE set null ON UPDATE no action;