ALTER TABLE "foodics_connections" ADD COLUMN "business_id" text;--> statement-breakpoint
ALTER TABLE "foodics_connections" ADD COLUMN "business_name" text;--> statement-breakpoint
ALTER TABLE "foodics_connections" ADD COLUMN "access_token_enc" text;--> statement-breakpoint
ALTER TABLE "foodics_connections" ADD COLUMN "refresh_token_enc" text;--> statement-breakpoint
ALTER TABLE "foodics_connections" ADD COLUMN "token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "foodics_connections" ADD COLUMN "connected_by" integer;--> statement-breakpoint
ALTER TABLE "foodics_connections" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "foodics_orders" ADD COLUMN "pending_alert_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "foodics_connections" ADD CONSTRAINT "foodics_connections_connected_by_staff_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "foodics_orders_pending_idx" ON "foodics_orders" USING btree ("sent_at") WHERE "foodics_orders"."state" = 'sent' and "foodics_orders"."foodics_status" = 1 and "foodics_orders"."pending_alert_at" is null;