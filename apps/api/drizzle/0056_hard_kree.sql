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
ALTER TABLE "report_hourly_monthly" ADD CONSTRAINT "report_hourly_monthly_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_hourly_monthly" ADD CONSTRAINT "report_hourly_monthly_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_item_monthly" ADD CONSTRAINT "report_item_monthly_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_item_monthly" ADD CONSTRAINT "report_item_monthly_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_hourly_monthly_brand_month_idx" ON "report_hourly_monthly" USING btree ("brand_id","month");--> statement-breakpoint
CREATE INDEX "report_item_monthly_brand_month_idx" ON "report_item_monthly" USING btree ("brand_id","month");