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
ALTER TABLE "report_engagement_monthly" ADD CONSTRAINT "report_engagement_monthly_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_engagement_monthly" ADD CONSTRAINT "report_engagement_monthly_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;