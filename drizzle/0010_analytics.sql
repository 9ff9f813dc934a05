CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"dimension" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"events" integer NOT NULL,
	"visitors" integer NOT NULL,
	"value" numeric(10, 2) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"occurred_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"visitor" text NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"browser" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"outcome" text DEFAULT '' NOT NULL,
	"variant" text DEFAULT '' NOT NULL,
	"value" numeric(10, 2)
);
--> statement-breakpoint
CREATE TABLE "analytics_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"events" integer NOT NULL,
	"visitors" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_daily_key" ON "analytics_daily" USING btree ("day","kind","dimension","key","detail");--> statement-breakpoint
CREATE INDEX "analytics_events_occurred_at" ON "analytics_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_events_subject" ON "analytics_events" USING btree ("kind","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_hourly_key" ON "analytics_hourly" USING btree ("hour","kind");