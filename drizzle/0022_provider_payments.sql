CREATE TABLE "simulated_payment_checkouts" (
	"token" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"kind" text DEFAULT 'checkout' NOT NULL,
	"request_id" text,
	"amount_cents" integer NOT NULL,
	"merchant_reference" text NOT NULL,
	"return_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"capture_id" text,
	"capture_request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulated_payment_checkouts_status_check" CHECK ("simulated_payment_checkouts"."status" in ('created', 'approved', 'declining', 'cancelled', 'captured', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" smallint;--> statement-breakpoint
CREATE UNIQUE INDEX "simulated_payment_checkouts_request_idx" ON "simulated_payment_checkouts" USING btree ("provider","request_id");--> statement-breakpoint
CREATE INDEX "orders_payment_token_idx" ON "orders" USING btree ("payment_token");