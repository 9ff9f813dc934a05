CREATE TABLE "newsletter_campaign_clicks" (
	"campaign_id" uuid NOT NULL,
	"url" text NOT NULL,
	"day" date NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "newsletter_campaign_clicks_campaign_id_url_day_pk" PRIMARY KEY("campaign_id","url","day")
);
--> statement-breakpoint
CREATE TABLE "newsletter_campaign_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"subscriber_id" uuid,
	"email" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"link_token_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" text,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"error" text,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "newsletter_campaign_recipients_linkTokenHash_unique" UNIQUE("link_token_hash"),
	CONSTRAINT "newsletter_campaign_recipients_status" CHECK ("newsletter_campaign_recipients"."status" in ('queued', 'sending', 'sent', 'failed', 'bounced', 'unknown', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"preheader" text DEFAULT '' NOT NULL,
	"body_markdown" text DEFAULT '' NOT NULL,
	"audience" jsonb DEFAULT '{"kind":"all"}'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"click_tracking" boolean DEFAULT false NOT NULL,
	"publish_on_web" boolean DEFAULT true NOT NULL,
	"slug" text,
	"event_id" uuid,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"sent_subject" text,
	"sent_html" text,
	"sent_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_campaigns_slug_unique" UNIQUE("slug"),
	CONSTRAINT "newsletter_campaigns_status" CHECK ("newsletter_campaigns"."status" in ('draft', 'scheduled', 'sending', 'sent', 'cancelled', 'failed')),
	CONSTRAINT "newsletter_campaigns_subject" CHECK (char_length("newsletter_campaigns"."subject") between 1 and 199),
	CONSTRAINT "newsletter_campaigns_scheduled" CHECK ("newsletter_campaigns"."status" <> 'scheduled' or "newsletter_campaigns"."scheduled_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "newsletter_campaign_clicks" ADD CONSTRAINT "newsletter_campaign_clicks_campaign_id_newsletter_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."newsletter_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_campaign_recipients" ADD CONSTRAINT "newsletter_campaign_recipients_campaign_id_newsletter_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."newsletter_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_campaign_recipients" ADD CONSTRAINT "newsletter_campaign_recipients_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_campaigns" ADD CONSTRAINT "newsletter_campaigns_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_campaign_recipients_once" ON "newsletter_campaign_recipients" USING btree ("campaign_id","email");--> statement-breakpoint
CREATE INDEX "newsletter_campaign_recipients_queue" ON "newsletter_campaign_recipients" USING btree ("campaign_id","next_attempt_at") WHERE "newsletter_campaign_recipients"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "newsletter_campaign_recipients_status" ON "newsletter_campaign_recipients" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "newsletter_campaigns_due" ON "newsletter_campaigns" USING btree ("scheduled_at") WHERE "newsletter_campaigns"."status" = 'scheduled';