CREATE TABLE "customer_email_preferences" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"email" text NOT NULL,
	"email_normalized" text NOT NULL,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cordial_mc_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_phone_interests" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"phone" text NOT NULL,
	"interests" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prescription_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"order_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"patient_first_name" text NOT NULL,
	"patient_last_name" text NOT NULL,
	"doctor_id" integer,
	"doctor_name" text NOT NULL,
	"doctor_phone" text NOT NULL,
	"clinic_name" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"contacted_at" timestamp with time zone,
	CONSTRAINT "prescription_requests_reference_unique" UNIQUE("reference"),
	CONSTRAINT "prescription_requests_state_check" CHECK ("prescription_requests"."state" in ('requested', 'contacted', 'received', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "customer_email_preferences" ADD CONSTRAINT "customer_email_preferences_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_phone_interests" ADD CONSTRAINT "customer_phone_interests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_requests" ADD CONSTRAINT "prescription_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_requests" ADD CONSTRAINT "prescription_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_requests" ADD CONSTRAINT "prescription_requests_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_email_preferences_unique" ON "customer_email_preferences" USING btree ("customer_id","email_normalized");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_phone_interests_unique" ON "customer_phone_interests" USING btree ("customer_id","phone");--> statement-breakpoint
CREATE INDEX "prescription_requests_order_idx" ON "prescription_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "prescription_requests_customer_idx" ON "prescription_requests" USING btree ("customer_id");