CREATE TABLE "referral_codes" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_leads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_leads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"referrer_id" integer NOT NULL,
	"friend_phone" text NOT NULL,
	"friend_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"converted_order_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"joined_at" timestamp with time zone,
	"active_at" timestamp with time zone,
	"converted_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	CONSTRAINT "referral_leads_status_check" CHECK ("status" in ('pending', 'joined', 'active', 'converted', 'declined')),
	CONSTRAINT "referral_leads_not_self_check" CHECK ("referral_leads"."friend_id" is null or "referral_leads"."friend_id" <> "referral_leads"."referrer_id"),
	CONSTRAINT "referral_leads_progress_check" CHECK (("referral_leads"."status" = 'pending' or "referral_leads"."friend_id" is not null or "referral_leads"."joined_at" is not null)
        and ("referral_leads"."status" not in ('converted', 'declined') or "referral_leads"."converted_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "referral_rules" (
	"brand_id" integer PRIMARY KEY NOT NULL,
	"referrer_points" integer NOT NULL,
	"friend_points" integer NOT NULL,
	"refund_window_days" integer DEFAULT 14 NOT NULL,
	CONSTRAINT "referral_rules_figures_check" CHECK ("referral_rules"."referrer_points" >= 0 and "referral_rules"."friend_points" >= 0 and "referral_rules"."refund_window_days" between 0 and 365)
);
--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_leads" ADD CONSTRAINT "referral_leads_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_leads" ADD CONSTRAINT "referral_leads_referrer_id_customers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_leads" ADD CONSTRAINT "referral_leads_friend_id_customers_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_leads" ADD CONSTRAINT "referral_leads_converted_order_id_orders_id_fk" FOREIGN KEY ("converted_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rules" ADD CONSTRAINT "referral_rules_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_code_uq" ON "referral_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_leads_phone_uq" ON "referral_leads" USING btree ("brand_id","friend_phone");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_leads_friend_uq" ON "referral_leads" USING btree ("friend_id") WHERE "referral_leads"."friend_id" is not null;--> statement-breakpoint
CREATE INDEX "referral_leads_referrer_idx" ON "referral_leads" USING btree ("referrer_id","created_at");