CREATE TABLE "discount_code_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"discount_code_id" uuid NOT NULL,
	"provider_order_id" text NOT NULL,
	"email" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_code_uses_providerOrderId_unique" UNIQUE("provider_order_id"),
	CONSTRAINT "discount_code_uses_status" CHECK ("discount_code_uses"."status" in ('held', 'committed', 'released', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"item_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"minimum_order" numeric(10, 2),
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"uses_taken" integer DEFAULT 0 NOT NULL,
	"once_per_email" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "discount_codes_kind" CHECK ("discount_codes"."kind" in ('percent', 'fixed')),
	CONSTRAINT "discount_codes_amount" CHECK ("discount_codes"."amount" > 0 and ("discount_codes"."kind" = 'fixed' or "discount_codes"."amount" <= 100)),
	CONSTRAINT "discount_codes_code" CHECK ("discount_codes"."code" ~ '^[A-Z0-9]{3,32}$'),
	CONSTRAINT "discount_codes_uses" CHECK ("discount_codes"."uses_taken" >= 0 and ("discount_codes"."max_uses" is null or "discount_codes"."uses_taken" <= "discount_codes"."max_uses"))
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "minimum_price" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_amount" numeric(10, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_items" ADD COLUMN "minimum_price" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "discount_code_uses" ADD CONSTRAINT "discount_code_uses_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_code_uses_code_email" ON "discount_code_uses" USING btree ("discount_code_id","email");--> statement-breakpoint
CREATE INDEX "discount_code_uses_status_expiry" ON "discount_code_uses" USING btree ("status","expires_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount" CHECK ("orders"."discount_amount" >= 0);--> statement-breakpoint
ALTER TABLE "shop_items" ADD CONSTRAINT "shop_items_minimum_price" CHECK ("shop_items"."minimum_price" is null or ("shop_items"."minimum_price" >= 0 and "shop_items"."category" in ('digital_music', 'sheet_music', 'free_content')));