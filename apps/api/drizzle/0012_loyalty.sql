CREATE TABLE "customer_rewards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"reward_id" integer NOT NULL,
	"source" text NOT NULL,
	"code" text NOT NULL,
	"points_spent" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"claimed_by_staff_id" integer,
	"claimed_branch_id" integer,
	"granted_by_staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_rewards_source_check" CHECK ("source" in ('purchase', 'prize', 'staff')),
	CONSTRAINT "customer_rewards_code_check" CHECK ("customer_rewards"."code" ~ '^[0-9A-HJKMNP-TV-Z]{8}$'),
	CONSTRAINT "customer_rewards_claim_check" CHECK ("customer_rewards"."claimed_at" is not null or ("customer_rewards"."claimed_branch_id" is null and "customer_rewards"."claimed_by_staff_id" is null)),
	CONSTRAINT "customer_rewards_points_check" CHECK ("customer_rewards"."points_spent" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_levels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty_levels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"min_lifetime_points" integer NOT NULL,
	"multiplier_bp" integer DEFAULT 10000 NOT NULL,
	"perks_ar" text[] DEFAULT '{}'::text[] NOT NULL,
	"perks_en" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "loyalty_levels_figures_check" CHECK ("loyalty_levels"."min_lifetime_points" >= 0 and "loyalty_levels"."multiplier_bp" between 0 and 100000)
);
--> statement-breakpoint
CREATE TABLE "loyalty_rules" (
	"brand_id" integer PRIMARY KEY NOT NULL,
	"earn_points_per_sar" integer NOT NULL,
	"point_value_halalas" integer NOT NULL,
	"min_points_per_redemption" integer NOT NULL,
	"max_points_per_transaction" integer NOT NULL,
	"max_points_per_day" integer NOT NULL,
	"max_redemptions_per_day" integer NOT NULL,
	"expiry_days" integer,
	"time_zone" text DEFAULT 'Asia/Riyadh' NOT NULL,
	CONSTRAINT "loyalty_rules_figures_check" CHECK ("loyalty_rules"."earn_points_per_sar" >= 0 and "loyalty_rules"."point_value_halalas" >= 1 and "loyalty_rules"."min_points_per_redemption" >= 1
        and "loyalty_rules"."max_points_per_transaction" >= "loyalty_rules"."min_points_per_redemption" and "loyalty_rules"."max_points_per_day" >= 1
        and "loyalty_rules"."max_redemptions_per_day" >= 0 and ("loyalty_rules"."expiry_days" is null or "loyalty_rules"."expiry_days" >= 1))
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" integer,
	"customer_reward_id" integer,
	"staff_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_ledger_kind_check" CHECK ("kind" in ('earn', 'clawback', 'redeem', 'refund_redeem', 'purchase', 'expire', 'bonus', 'adjust')),
	CONSTRAINT "points_ledger_sign_check" CHECK ("points_ledger"."points" <> 0 and (case when "points_ledger"."kind" in ('earn', 'refund_redeem') then "points_ledger"."points" > 0
        when "points_ledger"."kind" in ('redeem', 'expire', 'clawback', 'purchase') then "points_ledger"."points" < 0 else true end)),
	CONSTRAINT "points_ledger_reason_check" CHECK (length("points_ledger"."reason") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"shop" text NOT NULL,
	"kind" text NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"description_ar" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"image" text,
	"points_cost" integer,
	"item_id" integer,
	"percent_bp" integer,
	"max_discount_halalas" integer,
	"amount_halalas" integer,
	"valid_days" integer,
	"branch_ids" integer[],
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rewards_shop_check" CHECK ("shop" in ('points', 'prize')),
	CONSTRAINT "rewards_kind_check" CHECK ("kind" in ('free_item', 'percent', 'fixed', 'gift')),
	CONSTRAINT "rewards_figures_check" CHECK (("rewards"."points_cost" is null or "rewards"."points_cost" > 0) and ("rewards"."valid_days" is null or "rewards"."valid_days" > 0)
        and ("rewards"."kind" <> 'percent' or "rewards"."percent_bp" between 1 and 10000)
        and ("rewards"."kind" <> 'fixed' or "rewards"."amount_halalas" > 0))
);
--> statement-breakpoint
ALTER TABLE "customer_rewards" ADD CONSTRAINT "customer_rewards_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_rewards" ADD CONSTRAINT "customer_rewards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_rewards" ADD CONSTRAINT "customer_rewards_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_rewards" ADD CONSTRAINT "customer_rewards_claimed_by_staff_id_staff_users_id_fk" FOREIGN KEY ("claimed_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_rewards" ADD CONSTRAINT "customer_rewards_claimed_branch_id_branches_id_fk" FOREIGN KEY ("claimed_branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_rewards" ADD CONSTRAINT "customer_rewards_granted_by_staff_id_staff_users_id_fk" FOREIGN KEY ("granted_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_levels" ADD CONSTRAINT "loyalty_levels_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_rules" ADD CONSTRAINT "loyalty_rules_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_item_id_menu_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."menu_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_rewards_brand_code_uq" ON "customer_rewards" USING btree ("brand_id","code");--> statement-breakpoint
CREATE INDEX "customer_rewards_customer_idx" ON "customer_rewards" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_levels_brand_min_uq" ON "loyalty_levels" USING btree ("brand_id","min_lifetime_points");--> statement-breakpoint
CREATE INDEX "points_ledger_customer_idx" ON "points_ledger" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_order_kind_uq" ON "points_ledger" USING btree ("order_id","kind") WHERE "points_ledger"."order_id" is not null and "points_ledger"."kind" in ('earn', 'clawback', 'redeem', 'refund_redeem');--> statement-breakpoint
CREATE INDEX "rewards_brand_idx" ON "rewards" USING btree ("brand_id","shop");