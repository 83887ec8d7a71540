CREATE TABLE "test_vault_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"public_key_pem" text NOT NULL,
	"private_key_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_vault_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"brand" text NOT NULL,
	"last_four" text NOT NULL,
	"expiration_month" smallint NOT NULL,
	"expiration_year" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment_methods" ALTER COLUMN "last_four" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ALTER COLUMN "expiration_month" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ALTER COLUMN "expiration_year" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ALTER COLUMN "name_on_card" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ALTER COLUMN "billing_postal_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "kind" text DEFAULT 'Card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_kind_check" CHECK ("payment_methods"."kind" in ('Card', 'ApplePay', 'Afterpay', 'AfterpayBillingAgreement'));--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_card_columns_check" CHECK ("payment_methods"."kind" in ('Afterpay', 'AfterpayBillingAgreement') or ("payment_methods"."last_four" is not null and "payment_methods"."expiration_month" is not null and "payment_methods"."expiration_year" is not null and "payment_methods"."name_on_card" is not null and "payment_methods"."billing_postal_code" is not null));