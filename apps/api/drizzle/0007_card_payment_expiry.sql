ALTER TABLE "orders" ADD COLUMN "payment_checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_check_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_card_unpaid_idx" ON "orders" USING btree ("created_at") WHERE "orders"."payment_method" = 'card' and "orders"."payment_status" = 'unpaid' and "orders"."status" <> 'canceled';