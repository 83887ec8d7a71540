CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"manufacturer_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "product_parameter_options" (
	"product_id" integer NOT NULL,
	"parameter_name" text NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "product_parameter_options_product_id_parameter_name_value_pk" PRIMARY KEY("product_id","parameter_name","value")
);
--> statement-breakpoint
CREATE TABLE "product_parameters" (
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "product_parameters_product_id_name_pk" PRIMARY KEY("product_id","name")
);
--> statement-breakpoint
CREATE TABLE "product_prices" (
	"product_id" integer NOT NULL,
	"price_book" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_prices_product_id_price_book_pk" PRIMARY KEY("product_id","price_book"),
	CONSTRAINT "product_prices_book_check" CHECK ("product_prices"."price_book" in ('none', 'high', 'low')),
	CONSTRAINT "product_prices_positive_check" CHECK ("product_prices"."unit_price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY NOT NULL,
	"vanity_url" text NOT NULL,
	"product_type" smallint NOT NULL,
	"display_name" text NOT NULL,
	"display_name_sub_heading" text DEFAULT '' NOT NULL,
	"brand_id" integer NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_terms" text[] DEFAULT '{}'::text[] NOT NULL,
	"descriptor_pack_size" text NOT NULL,
	"wear_time_days" integer NOT NULL,
	"quantity_per_package" integer NOT NULL,
	"maximum_quantity" integer NOT NULL,
	"description" text NOT NULL,
	"specifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image_url" text NOT NULL,
	"image_colors" jsonb NOT NULL,
	"allows_auto_reorder" boolean DEFAULT true NOT NULL,
	"is_private_label" boolean DEFAULT false NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"discontinued_in_catalog" boolean DEFAULT false NOT NULL,
	"ordinal" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_vanity_url_unique" UNIQUE("vanity_url"),
	CONSTRAINT "products_product_type_check" CHECK ("products"."product_type" in (1, 2)),
	CONSTRAINT "products_id_digits_check" CHECK ("products"."id" between 1 and 999999)
);
--> statement-breakpoint
CREATE TABLE "skus" (
	"upc" text PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"parameter_key" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"stock_quantity" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skus_upc_format_check" CHECK ("skus"."upc" ~ '^[0-9]{11,14}$'),
	CONSTRAINT "skus_stock_check" CHECK ("skus"."stock_quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_parameter_options" ADD CONSTRAINT "product_parameter_options_product_id_parameter_name_product_parameters_product_id_name_fk" FOREIGN KEY ("product_id","parameter_name") REFERENCES "public"."product_parameters"("product_id","name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_parameters" ADD CONSTRAINT "product_parameters_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_parameter_options_parameter_idx" ON "product_parameter_options" USING btree ("product_id","parameter_name");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "skus_product_parameter_key_idx" ON "skus" USING btree ("product_id","parameter_key");