CREATE TABLE "report_level_members" (
	"brand_id" integer NOT NULL,
	"level_id" integer,
	"members" integer NOT NULL,
	"wallet_points" bigint NOT NULL,
	CONSTRAINT "report_level_members_uq" UNIQUE NULLS NOT DISTINCT("brand_id","level_id")
);
--> statement-breakpoint
ALTER TABLE "report_level_members" ADD CONSTRAINT "report_level_members_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;