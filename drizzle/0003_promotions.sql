CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"promotion_id" integer NOT NULL,
	"single_use" boolean DEFAULT false NOT NULL,
	"redeemed_cart_id" text,
	"redeemed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_unique" UNIQUE("code"),
	CONSTRAINT "coupons_code_format_check" CHECK ("coupons"."code" ~ '^[A-Z0-9-]{1,40}$')
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"description" text NOT NULL,
	"rewards" jsonb NOT NULL,
	"conditions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"requires_coupon" boolean DEFAULT false NOT NULL,
	"exclusive" boolean DEFAULT false NOT NULL,
	"is_private_label_trial" boolean DEFAULT false NOT NULL,
	"unique_coupon_name" text,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_key_unique" UNIQUE("key"),
	CONSTRAINT "promotions_unique_coupon_name_unique" UNIQUE("unique_coupon_name"),
	CONSTRAINT "promotions_dates_check" CHECK ("promotions"."expires_at" is null or "promotions"."expires_at" > "promotions"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "coupon_id" integer;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "shipping_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupons_promotion_idx" ON "coupons" USING btree ("promotion_id");--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_shipping_level_check" CHECK ("carts"."shipping_level" between 0 and 4);