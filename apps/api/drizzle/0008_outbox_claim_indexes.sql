DROP INDEX "order_outbox_pending_idx";--> statement-breakpoint
CREATE INDEX "order_outbox_undelivered_idx" ON "order_outbox" USING btree ("id") WHERE "order_outbox"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "order_outbox_order_undelivered_idx" ON "order_outbox" USING btree ("order_id","id") WHERE "order_outbox"."delivered_at" is null;--> statement-breakpoint
-- A queue table: room on each page for the claim's HOT update, and vacuumed after a few percent of it changed.
ALTER TABLE "order_outbox" SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.05);
