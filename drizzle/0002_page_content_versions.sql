CREATE TABLE "page_content_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_name" text NOT NULL,
	"title" text,
	"description" text,
	"paragraph_spacing" text,
	"saved_by_user_id" text,
	"saved_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "page_content_versions_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE INDEX "page_content_versions_page_created" ON "page_content_versions" USING btree ("page_name","created_at");