CREATE TABLE "prescription_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_group_id" integer NOT NULL,
	"prescription_id" integer,
	"state" text DEFAULT 'queued' NOT NULL,
	"idempotency_key" text NOT NULL,
	"reference" text,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"deadline_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prescription_verifications_order_group_id_unique" UNIQUE("order_group_id"),
	CONSTRAINT "prescription_verifications_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "prescription_verifications_state_check" CHECK ("prescription_verifications"."state" in ('queued', 'sent', 'confirmed', 'corrected', 'invalid', 'expired', 'passive', 'skipped')),
	CONSTRAINT "prescription_verifications_sent_check" CHECK ("prescription_verifications"."state" in ('queued', 'skipped') or ("prescription_verifications"."reference" is not null and "prescription_verifications"."deadline_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "simulated_prescriber_requests" (
	"reference" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"store_reference" text NOT NULL,
	"doctor" jsonb NOT NULL,
	"patient" jsonb NOT NULL,
	"right_eye" jsonb,
	"left_eye" jsonb,
	"expiration_date" text,
	"received_at" timestamp with time zone NOT NULL,
	"answer" text,
	"corrected_right_eye" jsonb,
	"corrected_left_eye" jsonb,
	"answered_at" timestamp with time zone,
	CONSTRAINT "simulated_prescriber_requests_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "simulated_prescriber_requests_answer_check" CHECK ("simulated_prescriber_requests"."answer" is null or "simulated_prescriber_requests"."answer" in ('confirm', 'correct', 'invalid', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "prescription_verifications" ADD CONSTRAINT "prescription_verifications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_verifications" ADD CONSTRAINT "prescription_verifications_order_group_id_order_groups_id_fk" FOREIGN KEY ("order_group_id") REFERENCES "public"."order_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_verifications" ADD CONSTRAINT "prescription_verifications_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prescription_verifications_order_idx" ON "prescription_verifications" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "prescription_verifications_open_idx" ON "prescription_verifications" USING btree ("state","deadline_at") WHERE "prescription_verifications"."state" in ('queued', 'sent');--> statement-breakpoint
CREATE INDEX "simulated_prescriber_requests_received_idx" ON "simulated_prescriber_requests" USING btree ("received_at");