ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_status";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "conditions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "drop_reason" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_status" CHECK ("mail_outbox"."status" in ('pending', 'sent', 'failed', 'dropped'));