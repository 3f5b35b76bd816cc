CREATE TABLE "sms_templates" (
	"brand_id" integer NOT NULL,
	"kind" text NOT NULL,
	"body_ar" text NOT NULL,
	"body_en" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sms_templates_brand_id_kind_pk" PRIMARY KEY("brand_id","kind"),
	CONSTRAINT "sms_templates_kind_check" CHECK ("sms_templates"."kind" in ('order_ready', 'order_en_route', 'prize_code')),
	CONSTRAINT "sms_templates_body_check" CHECK (length("sms_templates"."body_ar") between 1 and 320 and length("sms_templates"."body_en") between 1 and 320),
	CONSTRAINT "sms_templates_version_check" CHECK ("sms_templates"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sms_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "sms_templates" ADD CONSTRAINT "sms_templates_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_outbox_dedupe_uq" ON "sms_outbox" USING btree ("brand_id","dedupe_key") WHERE "sms_outbox"."dedupe_key" is not null;