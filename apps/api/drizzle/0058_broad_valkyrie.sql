CREATE TABLE "report_engagement_monthly" (
	"brand_id" integer NOT NULL,
	"branch_id" integer,
	"month" date NOT NULL,
	"metric" text NOT NULL,
	"key" integer NOT NULL,
	"count" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "report_engagement_monthly_uq" UNIQUE NULLS NOT DISTINCT("brand_id","month","metric","key","branch_id")
);
--> statement-breakpoint
CREATE TABLE "report_hourly_monthly" (
	"brand_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"month" date NOT NULL,
	"hour" smallint NOT NULL,
	"orders" integer NOT NULL,
	"net_halalas" bigint NOT NULL,
	CONSTRAINT "report_hourly_monthly_branch_id_month_hour_pk" PRIMARY KEY("branch_id","month","hour")
);
--> statement-breakpoint
CREATE TABLE "report_item_monthly" (
	"brand_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"month" date NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"quantity" integer NOT NULL,
	"net_halalas" bigint NOT NULL,
	CONSTRAINT "report_item_monthly_branch_id_month_kind_item_id_pk" PRIMARY KEY("branch_id","month","kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "report_level_members" (
	"brand_id" integer NOT NULL,
	"level_id" integer,
	"members" integer NOT NULL,
	"wallet_points" bigint NOT NULL,
	CONSTRAINT "report_level_members_uq" UNIQUE NULLS NOT DISTINCT("brand_id","level_id")
);
--> statement-breakpoint
CREATE TABLE "report_member_daily" (
	"brand_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"day" date NOT NULL,
	"members" bit varying NOT NULL,
	CONSTRAINT "report_member_daily_branch_id_day_pk" PRIMARY KEY("branch_id","day")
);
--> statement-breakpoint
CREATE TABLE "report_member_monthly" (
	"brand_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"month" date NOT NULL,
	"members" bit varying NOT NULL,
	CONSTRAINT "report_member_monthly_branch_id_month_pk" PRIMARY KEY("branch_id","month")
);
--> statement-breakpoint
CREATE TABLE "report_member_positions" (
	"brand_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "report_member_positions_brand_id_customer_id_pk" PRIMARY KEY("brand_id","customer_id"),
	CONSTRAINT "report_member_positions_position_uq" UNIQUE("brand_id","position"),
	CONSTRAINT "report_member_positions_position_check" CHECK ("report_member_positions"."position" >= 1)
);
--> statement-breakpoint
ALTER TABLE "report_engagement_monthly" ADD CONSTRAINT "report_engagement_monthly_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_engagement_monthly" ADD CONSTRAINT "report_engagement_monthly_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_hourly_monthly" ADD CONSTRAINT "report_hourly_monthly_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_hourly_monthly" ADD CONSTRAINT "report_hourly_monthly_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_item_monthly" ADD CONSTRAINT "report_item_monthly_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_item_monthly" ADD CONSTRAINT "report_item_monthly_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_level_members" ADD CONSTRAINT "report_level_members_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_member_daily" ADD CONSTRAINT "report_member_daily_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_member_daily" ADD CONSTRAINT "report_member_daily_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_member_monthly" ADD CONSTRAINT "report_member_monthly_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_member_monthly" ADD CONSTRAINT "report_member_monthly_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_member_positions" ADD CONSTRAINT "report_member_positions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_hourly_monthly_brand_month_idx" ON "report_hourly_monthly" USING btree ("brand_id","month");--> statement-breakpoint
CREATE INDEX "report_item_monthly_brand_month_idx" ON "report_item_monthly" USING btree ("brand_id","month");--> statement-breakpoint
CREATE INDEX "report_member_daily_brand_day_idx" ON "report_member_daily" USING btree ("brand_id","day");--> statement-breakpoint
CREATE INDEX "report_member_monthly_brand_month_idx" ON "report_member_monthly" USING btree ("brand_id","month");