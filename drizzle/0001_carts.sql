CREATE TABLE "carts" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_item_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"cart_id" text NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"auto_reorder_frequency_days" integer,
	"rx_entry_type" text,
	"submit_and_skip_image_id" text,
	"patient" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "line_item_groups_type_check" CHECK ("line_item_groups"."type" in ('Lens', 'Solution')),
	CONSTRAINT "line_item_groups_rx_entry_type_check" CHECK ("line_item_groups"."rx_entry_type" in ('Manual', 'SubmitAndSkip')),
	CONSTRAINT "line_item_groups_frequency_check" CHECK ("line_item_groups"."auto_reorder_frequency_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "line_items" (
	"id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"which_eye" text NOT NULL,
	"product_id" integer NOT NULL,
	"upc" text,
	"quantity" integer NOT NULL,
	"selected_parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"classification" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "line_items_which_eye_check" CHECK ("line_items"."which_eye" in ('right', 'left', 'none')),
	CONSTRAINT "line_items_quantity_check" CHECK ("line_items"."quantity" > 0),
	CONSTRAINT "line_items_classification_check" CHECK ("line_items"."classification" in ('lens', 'solution'))
);
--> statement-breakpoint
ALTER TABLE "line_item_groups" ADD CONSTRAINT "line_item_groups_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_items" ADD CONSTRAINT "line_items_group_id_line_item_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."line_item_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_items" ADD CONSTRAINT "line_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_item_groups_cart_idx" ON "line_item_groups" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "line_items_group_idx" ON "line_items" USING btree ("group_id");