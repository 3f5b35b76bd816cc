ALTER TABLE "coupons" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "punch_programmes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "punch_programmes" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_archived_inactive_check" CHECK ("coupons"."archived_at" is null or not "coupons"."is_active");--> statement-breakpoint
ALTER TABLE "punch_programmes" ADD CONSTRAINT "punch_programmes_archived_inactive_check" CHECK ("punch_programmes"."archived_at" is null or not "punch_programmes"."is_active");