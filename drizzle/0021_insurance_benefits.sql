ALTER TABLE "carts" ADD COLUMN "insurance_benefit" jsonb;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "insurance_offer" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "insurance_benefit" jsonb;