ALTER TABLE "customers" ADD COLUMN "redeem_day_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "redeem_day_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "redeem_day_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_redeem_day_check" CHECK ("customers"."redeem_day_points" >= 0 and "customers"."redeem_day_count" >= 0);