CREATE TABLE "test_vault_refunds" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"charge_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"outcome" text NOT NULL,
	"refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"customer_id" integer NOT NULL,
	"purchase" jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"payment_token" text NOT NULL,
	"payment_brand" text NOT NULL,
	"payment_last_four" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"state_since" timestamp with time zone DEFAULT now() NOT NULL,
	"charge_id" text,
	"refund_id" text,
	"voucher_token" text,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_payments_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "exam_payments_voucher_token_unique" UNIQUE("voucher_token"),
	CONSTRAINT "exam_payments_state_check" CHECK ("exam_payments"."state" in ('pending', 'charged', 'starting', 'paid', 'refund_due', 'refunded', 'refund_failed')),
	CONSTRAINT "exam_payments_amount_check" CHECK ("exam_payments"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "exam_payments" ADD CONSTRAINT "exam_payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_payments" ADD CONSTRAINT "exam_payments_voucher_token_exam_vouchers_token_fk" FOREIGN KEY ("voucher_token") REFERENCES "public"."exam_vouchers"("token") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_payments_customer_idx" ON "exam_payments" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "exam_payments_unsettled_idx" ON "exam_payments" USING btree ("state_since") WHERE "exam_payments"."state" in ('pending', 'charged', 'starting', 'refund_due');