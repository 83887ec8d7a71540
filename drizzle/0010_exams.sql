CREATE TABLE "exam_vouchers" (
	"token" text PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"patient_id" integer,
	"patient_first_name" text NOT NULL,
	"patient_last_name" text NOT NULL,
	"right_upc" text,
	"left_upc" text,
	"rb_code" text,
	"price_cents" integer NOT NULL,
	"original_price_cents" integer NOT NULL,
	"is_recapture" boolean DEFAULT false NOT NULL,
	"order_id" integer,
	"status" text DEFAULT 'Created' NOT NULL,
	"status_date" timestamp with time zone DEFAULT now() NOT NULL,
	"potential_evidence" boolean DEFAULT false NOT NULL,
	"exam_date" timestamp with time zone,
	"prescription_id" integer,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_vouchers_status_check" CHECK ("exam_vouchers"."status" in ('Created', 'Started', 'Taken', 'Issued', 'Declined', 'Expired', 'Retake', 'Abandoned', 'Canceled'))
);
--> statement-breakpoint
CREATE TABLE "recapture_notices" (
	"customer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"dismissed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"toast_shown_at" timestamp with time zone,
	"exam_voucher_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recapture_notices_customer_id_order_id_pk" PRIMARY KEY("customer_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "simulated_exams" (
	"token" text PRIMARY KEY NOT NULL,
	"customer_ref" text NOT NULL,
	"patient" jsonb NOT NULL,
	"right_upc" text,
	"left_upc" text,
	"rb_code" text,
	"price_cents" integer NOT NULL,
	"original_price_cents" integer NOT NULL,
	"status" text DEFAULT 'Created' NOT NULL,
	"status_date" timestamp with time zone DEFAULT now() NOT NULL,
	"potential_evidence" boolean DEFAULT false NOT NULL,
	"exam_date" timestamp with time zone,
	"answers" jsonb,
	"acuity" jsonb,
	"issued_prescription" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulated_exams_status_check" CHECK ("simulated_exams"."status" in ('Created', 'Started', 'Taken', 'Issued', 'Declined', 'Expired', 'Retake', 'Abandoned', 'Canceled'))
);
--> statement-breakpoint
ALTER TABLE "order_groups" ADD COLUMN "exam_voucher_token" text;--> statement-breakpoint
ALTER TABLE "exam_vouchers" ADD CONSTRAINT "exam_vouchers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_vouchers" ADD CONSTRAINT "exam_vouchers_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_vouchers" ADD CONSTRAINT "exam_vouchers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_vouchers" ADD CONSTRAINT "exam_vouchers_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recapture_notices" ADD CONSTRAINT "recapture_notices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recapture_notices" ADD CONSTRAINT "recapture_notices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_vouchers_customer_idx" ON "exam_vouchers" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "exam_vouchers_open_idx" ON "exam_vouchers" USING btree ("synced_at") WHERE "exam_vouchers"."status" in ('Created', 'Started', 'Taken', 'Retake');--> statement-breakpoint
CREATE INDEX "order_groups_exam_voucher_idx" ON "order_groups" USING btree ("exam_voucher_token") WHERE "order_groups"."exam_voucher_token" is not null;