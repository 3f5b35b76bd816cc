CREATE TABLE "staff_invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"staff_user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_invitations_tokenHash_unique" UNIQUE("token_hash"),
	CONSTRAINT "staff_invitations_purpose_check" CHECK ("staff_invitations"."purpose" in ('invite', 'reset'))
);
--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "brand_color" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "default_language" text DEFAULT 'ar' NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "settings_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_invitations_user_idx" ON "staff_invitations" USING btree ("staff_user_id");--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_vat_number_check" CHECK ("brands"."vat_number" ~ '^3[0-9]{13}3$');--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_brand_color_check" CHECK ("brands"."brand_color" ~ '^#[0-9a-f]{6}$');--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_default_language_check" CHECK ("brands"."default_language" in ('ar', 'en'));