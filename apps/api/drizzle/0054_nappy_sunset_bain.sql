ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_status_check";--> statement-breakpoint
ALTER TABLE "sms_outbox" DROP CONSTRAINT "sms_outbox_status_check";--> statement-breakpoint
CREATE INDEX "mail_outbox_brand_open_idx" ON "mail_outbox" USING btree ("brand_id","id") WHERE "mail_outbox"."status" in ('pending', 'failed');--> statement-breakpoint
CREATE INDEX "sms_outbox_brand_open_idx" ON "sms_outbox" USING btree ("brand_id","id") WHERE "sms_outbox"."status" in ('pending', 'failed');--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('pending', 'sent', 'failed', 'discarded'));--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_status_check" CHECK ("sms_outbox"."status" in ('pending', 'sent', 'failed', 'discarded'));