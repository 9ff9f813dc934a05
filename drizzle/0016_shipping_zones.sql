CREATE TABLE "shipping_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"first_item_rate" numeric(10, 2) NOT NULL,
	"additional_item_rate" numeric(10, 2) NOT NULL,
	"free_above" numeric(10, 2),
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_zones_rates" CHECK ("shipping_zones"."first_item_rate" >= 0 and "shipping_zones"."additional_item_rate" >= 0 and ("shipping_zones"."free_above" is null or "shipping_zones"."free_above" >= 0))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_amount" numeric(10, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_country" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_zone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping" CHECK ("orders"."shipping_amount" >= 0);