CREATE TABLE "simulated_agreement_payments" (
	"request_id" text PRIMARY KEY NOT NULL,
	"agreement_token" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"merchant_reference" text NOT NULL,
	"outcome" text NOT NULL,
	"payment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
