ALTER TABLE "branches" ADD COLUMN "prep_base_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "prep_per_item_minutes" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prep_minutes" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_minutes" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status_times" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "accept_delay_minutes" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_prep_check" CHECK ("branches"."prep_base_minutes" between 0 and 240 and "branches"."prep_per_item_minutes" between 0 and 30);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_prep_minutes_check" CHECK ("orders"."prep_minutes" is null or "orders"."prep_minutes" between 0 and 600);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_minutes_check" CHECK ("orders"."delivery_minutes" is null or "orders"."delivery_minutes" between 0 and 600);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_accept_delay_check" CHECK ("orders"."accept_delay_minutes" is null or "orders"."accept_delay_minutes" between 1 and 240);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_decline_reason_check" CHECK ("orders"."decline_reason" is null or "orders"."decline_reason" in ('too_busy', 'item_unavailable', 'closing_soon', 'outside_delivery', 'other'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_times_check" CHECK (jsonb_typeof("orders"."status_times") = 'object');