ALTER TABLE "rewards" ADD COLUMN "stock" integer;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "issued_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "active_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "active_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_stock_check" CHECK ("rewards"."issued_count" >= 0 and ("rewards"."stock" is null or ("rewards"."stock" >= 0 and "rewards"."issued_count" <= "rewards"."stock")));--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_window_check" CHECK ("rewards"."active_from" is null or "rewards"."active_until" is null or "rewards"."active_from" < "rewards"."active_until");