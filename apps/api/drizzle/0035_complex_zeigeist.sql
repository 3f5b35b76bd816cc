CREATE TABLE "ad_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"ad_kind" text NOT NULL,
	"ad_id" integer NOT NULL,
	"event" text NOT NULL,
	"session_key" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_events_once_uq" UNIQUE("ad_kind","ad_id","event","session_key","day"),
	CONSTRAINT "ad_events_kind_check" CHECK ("ad_events"."ad_kind" in ('popup', 'slide')),
	CONSTRAINT "ad_events_event_check" CHECK ("ad_events"."event" in ('view', 'click'))
);
--> statement-breakpoint
ALTER TABLE "ads_popups" ADD COLUMN "days_of_week" integer[] DEFAULT '{0,1,2,3,4,5,6}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ads_popups" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ads_popups" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ads_slides" ADD COLUMN "days_of_week" integer[] DEFAULT '{0,1,2,3,4,5,6}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ads_slides" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "replaced_by" uuid;--> statement-breakpoint
ALTER TABLE "tables" ADD COLUMN "seats" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "tables" ADD COLUMN "area" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tables" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_events" ADD CONSTRAINT "ad_events_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_events_ad_idx" ON "ad_events" USING btree ("brand_id","ad_kind","ad_id");--> statement-breakpoint
CREATE INDEX "qr_codes_table_idx" ON "qr_codes" USING btree ("table_id");--> statement-breakpoint
ALTER TABLE "ads_popups" ADD CONSTRAINT "ads_popups_days_check" CHECK ("ads_popups"."days_of_week" <@ array[0, 1, 2, 3, 4, 5, 6]);--> statement-breakpoint
ALTER TABLE "ads_slides" ADD CONSTRAINT "ads_slides_window_check" CHECK ("ads_slides"."starts_at" is null or "ads_slides"."ends_at" is null or "ads_slides"."starts_at" < "ads_slides"."ends_at");--> statement-breakpoint
ALTER TABLE "ads_slides" ADD CONSTRAINT "ads_slides_days_check" CHECK ("ads_slides"."days_of_week" <@ array[0, 1, 2, 3, 4, 5, 6]);--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_replaced_check" CHECK ("qr_codes"."replaced_by" is null or not "qr_codes"."active");--> statement-breakpoint
ALTER TABLE "tables" ADD CONSTRAINT "tables_seats_check" CHECK ("tables"."seats" between 1 and 99);