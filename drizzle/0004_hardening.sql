CREATE TABLE "app_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "download_tokens" ADD COLUMN "range_bytes_served" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "app_rate_limits_expires" ON "app_rate_limits" USING btree ("expires_at");