ALTER TABLE "newsletter_subscribers" DROP CONSTRAINT "newsletter_subscribers_status";--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "country_code" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmation_token_hash" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "consent_page" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "country_code" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "longitude" double precision;--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_pending" ON "newsletter_subscribers" USING btree ("confirmation_sent_at") WHERE "newsletter_subscribers"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_confirmationTokenHash_unique" UNIQUE("confirmation_token_hash");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_location" CHECK (("events"."latitude" is null) = ("events"."longitude" is null));--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_location" CHECK (("newsletter_subscribers"."latitude" is null) = ("newsletter_subscribers"."longitude" is null) and ("newsletter_subscribers"."latitude" is null or "newsletter_subscribers"."city" is not null));--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_status" CHECK ("newsletter_subscribers"."status" in ('pending', 'subscribed', 'unsubscribed', 'bounced'));--> statement-breakpoint
-- Hand-written (issue 22): everyone on the list before double opt-in stays confirmed, their sign-up counting as consent.
UPDATE "newsletter_subscribers" SET "confirmed_at" = "created_at" WHERE "status" = 'subscribed' AND "confirmed_at" IS NULL;
