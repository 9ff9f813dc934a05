ALTER TABLE "analytics_events" ADD COLUMN "rolled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_events_visitor" ON "analytics_events" USING btree ("visitor");--> statement-breakpoint
CREATE INDEX "analytics_events_unrolled" ON "analytics_events" USING btree ("id") WHERE not "analytics_events"."rolled";--> statement-breakpoint
-- Hand-written: the totals so far were recomputed from these raw events (at most a
-- minute before this update), so they count as summed; the rollup now only adds new ones.
UPDATE "analytics_events" SET "rolled" = true;
