CREATE TABLE "simulated_insurance_searches" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"member_key" text,
	"polls" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "simulated_insurance_searches_expires_idx" ON "simulated_insurance_searches" USING btree ("expires_at");