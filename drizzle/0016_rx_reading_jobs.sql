ALTER TABLE "rx_images" ADD COLUMN "page_image_key" text;--> statement-breakpoint
ALTER TABLE "rx_images" ADD COLUMN "page_image_width" integer;--> statement-breakpoint
ALTER TABLE "rx_images" ADD COLUMN "page_image_height" integer;--> statement-breakpoint
ALTER TABLE "rx_images" ADD COLUMN "reading_state" text DEFAULT 'read' NOT NULL;--> statement-breakpoint
ALTER TABLE "rx_images" ADD COLUMN "reading_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rx_images" ADD COLUMN "reading_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rx_images" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rx_images_reading_idx" ON "rx_images" USING btree ("reading_state","created_at");--> statement-breakpoint
ALTER TABLE "rx_images" ADD CONSTRAINT "rx_images_reading_state_check" CHECK ("rx_images"."reading_state" in ('pending', 'reading', 'read', 'failed', 'timed-out', 'skipped'));