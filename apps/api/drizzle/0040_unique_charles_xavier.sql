ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_check";--> statement-breakpoint
CREATE INDEX "customers_brand_phone_prefix_idx" ON "customers" USING btree ("brand_id","phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_brand_name_idx" ON "customers" USING btree ("brand_id","full_name","id");--> statement-breakpoint
CREATE INDEX "customers_brand_lifetime_idx" ON "customers" USING btree ("brand_id","lifetime_points","id");--> statement-breakpoint
CREATE INDEX "orders_brand_customer_stats_idx" ON "orders" USING btree ("brand_id","customer_id","created_at","total") WHERE "orders"."customer_id" is not null and "orders"."status" <> 'canceled';--> statement-breakpoint
CREATE INDEX "orders_brand_recent_customer_idx" ON "orders" USING btree ("brand_id","created_at" DESC NULLS LAST,"customer_id" DESC NULLS LAST) WHERE "orders"."customer_id" is not null and "orders"."status" <> 'canceled';--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK ("action" in ('create', 'update', 'delete', 'view'));