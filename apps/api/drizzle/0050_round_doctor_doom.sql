CREATE TABLE "report_engagement_daily" (
	"brand_id" integer NOT NULL,
	"branch_id" integer,
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"key" integer NOT NULL,
	"count" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "report_engagement_daily_uq" UNIQUE NULLS NOT DISTINCT("brand_id","day","metric","key","branch_id"),
	CONSTRAINT "report_engagement_daily_count_check" CHECK ("report_engagement_daily"."count" > 0)
);
--> statement-breakpoint
ALTER TABLE "report_engagement_daily" ADD CONSTRAINT "report_engagement_daily_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_engagement_daily" ADD CONSTRAINT "report_engagement_daily_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;