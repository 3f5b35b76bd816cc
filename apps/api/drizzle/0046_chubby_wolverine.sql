CREATE TABLE "report_cancel_daily" (
	"brand_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"day" date NOT NULL,
	"reason" text NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "report_cancel_daily_branch_id_day_reason_pk" PRIMARY KEY("branch_id","day","reason")
);
--> statement-breakpoint
CREATE TABLE "report_daily" (
	"brand_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"day" date NOT NULL,
	"orders" integer NOT NULL,
	"canceled" integer NOT NULL,
	"net_halalas" bigint NOT NULL,
	"vat_halalas" bigint NOT NULL,
	"total_halalas" bigint NOT NULL,
	"coupon_discount_halalas" bigint NOT NULL,
	"points_discount_halalas" bigint NOT NULL,
	"reward_discount_halalas" bigint NOT NULL,
	"dine_in_orders" integer NOT NULL,
	"pickup_orders" integer NOT NULL,
	"delivery_orders" integer NOT NULL,
	"cash_orders" integer NOT NULL,
	"card_orders" integer NOT NULL,
	"cash_halalas" bigint NOT NULL,
	"card_halalas" bigint NOT NULL,
	CONSTRAINT "report_daily_branch_id_day_pk" PRIMARY KEY("branch_id","day"),
	CONSTRAINT "report_daily_counts_check" CHECK ("report_daily"."orders" >= 0 and "report_daily"."canceled" >= 0)
);
--> statement-breakpoint
CREATE TABLE "report_hourly" (
	"brand_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"orders" integer NOT NULL,
	"net_halalas" bigint NOT NULL,
	CONSTRAINT "report_hourly_branch_id_day_hour_pk" PRIMARY KEY("branch_id","day","hour"),
	CONSTRAINT "report_hourly_hour_check" CHECK ("report_hourly"."hour" between 0 and 23)
);
--> statement-breakpoint
CREATE TABLE "report_item_daily" (
	"brand_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"quantity" integer NOT NULL,
	"net_halalas" bigint NOT NULL,
	CONSTRAINT "report_item_daily_branch_id_day_kind_item_id_pk" PRIMARY KEY("branch_id","day","kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "report_loyalty_daily" (
	"brand_id" integer NOT NULL,
	"branch_id" integer,
	"day" date NOT NULL,
	"issued" integer NOT NULL,
	"redeemed" integer NOT NULL,
	"expired" integer NOT NULL,
	CONSTRAINT "report_loyalty_daily_uq" UNIQUE NULLS NOT DISTINCT("brand_id","branch_id","day")
);
--> statement-breakpoint
CREATE TABLE "report_rollup_state" (
	"brand_id" integer PRIMARY KEY NOT NULL,
	"rolled_through" date NOT NULL,
	"rolled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_cancel_daily" ADD CONSTRAINT "report_cancel_daily_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_cancel_daily" ADD CONSTRAINT "report_cancel_daily_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_daily" ADD CONSTRAINT "report_daily_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_daily" ADD CONSTRAINT "report_daily_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_hourly" ADD CONSTRAINT "report_hourly_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_hourly" ADD CONSTRAINT "report_hourly_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_item_daily" ADD CONSTRAINT "report_item_daily_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_item_daily" ADD CONSTRAINT "report_item_daily_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_loyalty_daily" ADD CONSTRAINT "report_loyalty_daily_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_loyalty_daily" ADD CONSTRAINT "report_loyalty_daily_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_rollup_state" ADD CONSTRAINT "report_rollup_state_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_cancel_daily_brand_day_idx" ON "report_cancel_daily" USING btree ("brand_id","day");--> statement-breakpoint
CREATE INDEX "report_daily_brand_day_idx" ON "report_daily" USING btree ("brand_id","day");--> statement-breakpoint
CREATE INDEX "report_hourly_brand_day_idx" ON "report_hourly" USING btree ("brand_id","day");--> statement-breakpoint
CREATE INDEX "report_item_daily_brand_day_idx" ON "report_item_daily" USING btree ("brand_id","day");--> statement-breakpoint
CREATE INDEX "points_ledger_brand_created_idx" ON "points_ledger" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_brand_created_idx" ON "orders" USING btree ("brand_id","created_at");