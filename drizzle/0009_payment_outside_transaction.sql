CREATE TABLE "test_vault_charges" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"outcome" text NOT NULL,
	"charge_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_state" text DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pending_plan" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pending_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("pending_since") WHERE "orders"."payment_state" = 'pending';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_state_check" CHECK ("orders"."payment_state" in ('pending', 'paid'));