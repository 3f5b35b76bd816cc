CREATE TABLE "loyalty_earn_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty_earn_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"earn_points_per_sar" integer NOT NULL,
	"earn_order_types" integer[] NOT NULL,
	"earn_branch_ids" integer[],
	CONSTRAINT "loyalty_earn_rules_figures_check" CHECK ("loyalty_earn_rules"."earn_points_per_sar" >= 0)
);
--> statement-breakpoint
ALTER TABLE "referral_rules" DROP CONSTRAINT "referral_rules_figures_check";--> statement-breakpoint
ALTER TABLE "loyalty_rules" ADD COLUMN "expires_on" date;--> statement-breakpoint
ALTER TABLE "loyalty_rules" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loyalty_rules" ADD COLUMN "earn_order_types" integer[] DEFAULT '{1,2,3}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_rules" ADD COLUMN "earn_branch_ids" integer[];--> statement-breakpoint
ALTER TABLE "loyalty_rules" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_rules" ADD COLUMN "levels_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_rules" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_rules" ADD COLUMN "invitations_per_day" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_rules" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_earn_rules" ADD CONSTRAINT "loyalty_earn_rules_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_earn_rules_brand_idx" ON "loyalty_earn_rules" USING btree ("brand_id","effective_from");--> statement-breakpoint
ALTER TABLE "loyalty_rules" ADD CONSTRAINT "loyalty_rules_expiry_check" CHECK (("loyalty_rules"."expires_on" is null) = ("loyalty_rules"."expires_at" is null) and ("loyalty_rules"."expiry_days" is null or "loyalty_rules"."expires_on" is null));--> statement-breakpoint
ALTER TABLE "referral_rules" ADD CONSTRAINT "referral_rules_figures_check" CHECK ("referral_rules"."referrer_points" >= 0 and "referral_rules"."friend_points" >= 0 and "referral_rules"."refund_window_days" between 0 and 365
        and "referral_rules"."invitations_per_day" between 1 and 1000);