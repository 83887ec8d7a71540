ALTER TABLE "orders" DROP CONSTRAINT "orders_totals_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_totals_check" CHECK ("orders"."total_cents" >= 0 and "orders"."subtotal_cents" >= 0 and "orders"."credit_cents" between 0 and "orders"."total_cents");