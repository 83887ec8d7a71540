CREATE TABLE "prescriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"patient_id" integer,
	"patient_first_name" text NOT NULL,
	"patient_last_name" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"expiration_date" text,
	"right_eye" jsonb,
	"left_eye" jsonb,
	"prescriber" jsonb,
	"order_id" integer,
	"ordered_at" timestamp with time zone,
	"auto_reorder" boolean DEFAULT false NOT NULL,
	"cloned_from_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prescriptions_source_check" CHECK ("prescriptions"."source" in ('typed', 'uploaded', 'wallet', 'exam')),
	CONSTRAINT "prescriptions_status_check" CHECK ("prescriptions"."status" in ('PendingExam', 'PendingVerification', 'PendingSubmission', 'Verified', 'FailedExam')),
	CONSTRAINT "prescriptions_expiration_check" CHECK ("prescriptions"."expiration_date" is null or "prescriptions"."expiration_date" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "rx_images" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"uploader_session_hash" text,
	"order_id" integer,
	"prescription_id" integer,
	"original_file_name" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"content_length" integer NOT NULL,
	"width" integer,
	"height" integer,
	"classification" text,
	"analysis" jsonb,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rx_images_classification_check" CHECK ("rx_images"."classification" is null or "rx_images"."classification" in ('Box', 'Human', 'Other', 'Prescription')),
	CONSTRAINT "rx_images_owner_check" CHECK ("rx_images"."customer_id" is not null or "rx_images"."uploader_session_hash" is not null)
);
--> statement-breakpoint
CREATE TABLE "stored_images" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_item_groups" ADD COLUMN "prescription_expires_on" text;--> statement-breakpoint
ALTER TABLE "line_item_groups" ADD COLUMN "wallet_prescription_id" integer;--> statement-breakpoint
ALTER TABLE "order_groups" ADD COLUMN "prescription_id" integer;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_cloned_from_id_prescriptions_id_fk" FOREIGN KEY ("cloned_from_id") REFERENCES "public"."prescriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rx_images" ADD CONSTRAINT "rx_images_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rx_images" ADD CONSTRAINT "rx_images_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rx_images" ADD CONSTRAINT "rx_images_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prescriptions_customer_idx" ON "prescriptions" USING btree ("customer_id","expiration_date");--> statement-breakpoint
CREATE INDEX "prescriptions_order_idx" ON "prescriptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "rx_images_customer_idx" ON "rx_images" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "rx_images_order_idx" ON "rx_images" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "rx_images_prescription_idx" ON "rx_images" USING btree ("prescription_id");--> statement-breakpoint
ALTER TABLE "line_item_groups" ADD CONSTRAINT "line_item_groups_wallet_prescription_id_prescriptions_id_fk" FOREIGN KEY ("wallet_prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_groups" ADD CONSTRAINT "order_groups_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE set null ON UPDATE no action;