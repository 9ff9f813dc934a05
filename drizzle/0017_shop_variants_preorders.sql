CREATE TABLE "shop_item_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_item_id" uuid NOT NULL,
	"option_values" text[] NOT NULL,
	"price_difference" numeric(10, 2) DEFAULT 0 NOT NULL,
	"sku" text,
	"inventory_count" integer,
	"order_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_item_variants_stock" CHECK ("shop_item_variants"."inventory_count" is null or "shop_item_variants"."inventory_count" >= 0)
);
--> statement-breakpoint
DROP INDEX "stock_reservations_order_item";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant_label" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "preorder_release_date" date;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_items" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_items" ADD COLUMN "release_date" date;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "shop_item_variants" ADD CONSTRAINT "shop_item_variants_shop_item_id_shop_items_id_fk" FOREIGN KEY ("shop_item_id") REFERENCES "public"."shop_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_item_variants_item_values" ON "shop_item_variants" USING btree ("shop_item_id","option_values");--> statement-breakpoint
CREATE INDEX "shop_item_variants_item_order" ON "shop_item_variants" USING btree ("shop_item_id","order_index");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_variant_id_shop_item_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."shop_item_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_variant_id_shop_item_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."shop_item_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_preorder_due" ON "order_lines" USING btree ("preorder_release_date","released_at");--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_order_item_variant" UNIQUE NULLS NOT DISTINCT("provider_order_id","shop_item_id","variant_id");