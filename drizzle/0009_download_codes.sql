CREATE TABLE "download_code_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_item_id" uuid NOT NULL,
	"label" text NOT NULL,
	"source" text DEFAULT 'artist' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "download_code_batches_source" CHECK ("download_code_batches"."source" in ('artist', 'twin'))
);
--> statement-breakpoint
CREATE TABLE "download_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"status" text DEFAULT 'unused' NOT NULL,
	"redeemed_email" text,
	"redeemed_at" timestamp with time zone,
	"order_id" uuid,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "download_codes_codeHash_unique" UNIQUE("code_hash"),
	CONSTRAINT "download_codes_status" CHECK ("download_codes"."status" in ('unused', 'redeemed', 'revoked'))
);
--> statement-breakpoint
ALTER TABLE "shop_items" ADD COLUMN "digital_twin_id" uuid;--> statement-breakpoint
ALTER TABLE "download_code_batches" ADD CONSTRAINT "download_code_batches_shop_item_id_shop_items_id_fk" FOREIGN KEY ("shop_item_id") REFERENCES "public"."shop_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_codes" ADD CONSTRAINT "download_codes_batch_id_download_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."download_code_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_codes" ADD CONSTRAINT "download_codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "download_code_batches_item" ON "download_code_batches" USING btree ("shop_item_id");--> statement-breakpoint
CREATE INDEX "download_codes_batch_status" ON "download_codes" USING btree ("batch_id","status");--> statement-breakpoint
ALTER TABLE "shop_items" ADD CONSTRAINT "shop_items_digital_twin_id_shop_items_id_fk" FOREIGN KEY ("digital_twin_id") REFERENCES "public"."shop_items"("id") ON DELETE set null ON UPDATE no action;