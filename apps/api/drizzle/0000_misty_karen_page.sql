CREATE TABLE "ads_popups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ads_popups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"branch_id" integer,
	"background_image" text NOT NULL,
	"text_ar" text NOT NULL,
	"text_en" text NOT NULL,
	"button_text_ar" text NOT NULL,
	"button_text_en" text NOT NULL,
	"redirect_url" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ads_popups_window_check" CHECK ("ads_popups"."starts_at" is null or "ads_popups"."ends_at" is null or "ads_popups"."starts_at" < "ads_popups"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "ads_slides" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ads_slides_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"branch_id" integer,
	"image" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"title_ar" text NOT NULL,
	"title_en" text NOT NULL,
	"redirect_url" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	CONSTRAINT "ads_slides_size_check" CHECK ("ads_slides"."width" > 0 and "ads_slides"."height" > 0)
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "branches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"address_ar" text DEFAULT '' NOT NULL,
	"address_en" text DEFAULT '' NOT NULL,
	"phone" text,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"time_zone" text DEFAULT 'Asia/Riyadh' NOT NULL,
	"opening_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"integrated" boolean DEFAULT false NOT NULL,
	"dine_in_radius_m" integer DEFAULT 100 NOT NULL,
	"dine_in" boolean DEFAULT true NOT NULL,
	"pickup" boolean DEFAULT true NOT NULL,
	"delivery" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branches_radius_check" CHECK ("branches"."dine_in_radius_m" >= 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_zones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_zones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"fee_halalas" integer DEFAULT 0 NOT NULL,
	"minimum_order_halalas" integer DEFAULT 0 NOT NULL,
	"geometry" jsonb NOT NULL,
	CONSTRAINT "delivery_zones_money_check" CHECK ("delivery_zones"."fee_halalas" >= 0 and "delivery_zones"."minimum_order_halalas" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_choices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_choices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"method" text NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"order_types" integer[] NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_choices_method_check" CHECK ("payment_choices"."method" in ('cash', 'card')),
	CONSTRAINT "payment_choices_order_types_check" CHECK ("payment_choices"."order_types" <@ array[1, 2, 3])
);
--> statement-breakpoint
CREATE TABLE "qr_codes" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"table_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tables" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tables_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'free' NOT NULL,
	CONSTRAINT "tables_branch_number_uq" UNIQUE("branch_id","number"),
	CONSTRAINT "tables_status_check" CHECK ("tables"."status" in ('free', 'occupied', 'reserved', 'check_printed'))
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "brands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"logo" text,
	"cover" text,
	"hosts" text[] DEFAULT '{}'::text[] NOT NULL,
	"tax_mode" text DEFAULT 'inclusive' NOT NULL,
	"vat_rate_bp" integer DEFAULT 1500 NOT NULL,
	"menu_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_slug_unique" UNIQUE("slug"),
	CONSTRAINT "brands_tax_mode_check" CHECK ("brands"."tax_mode" in ('inclusive', 'exclusive')),
	CONSTRAINT "brands_vat_check" CHECK ("brands"."vat_rate_bp" >= 0)
);
--> statement-breakpoint
CREATE TABLE "branch_items" (
	"branch_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	CONSTRAINT "branch_items_branch_id_item_id_pk" PRIMARY KEY("branch_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "combo_slot_choices" (
	"slot_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"extra_price_halalas" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "combo_slot_choices_slot_id_item_id_pk" PRIMARY KEY("slot_id","item_id"),
	CONSTRAINT "combo_slot_choices_price_check" CHECK ("combo_slot_choices"."extra_price_halalas" >= 0)
);
--> statement-breakpoint
CREATE TABLE "combo_slots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "combo_slots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"combo_item_id" integer NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_modifier_groups" (
	"item_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "item_modifier_groups_item_id_group_id_pk" PRIMARY KEY("item_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "menu_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "menu_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"image" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "menu_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"description_ar" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"image" text,
	"price_halalas" integer NOT NULL,
	"tax_rate_bp" integer,
	"calories" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_combo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "menu_items_brand_slug_uq" UNIQUE("brand_id","slug"),
	CONSTRAINT "menu_items_price_check" CHECK ("menu_items"."price_halalas" >= 0),
	CONSTRAINT "menu_items_tax_check" CHECK ("menu_items"."tax_rate_bp" is null or "menu_items"."tax_rate_bp" >= 0)
);
--> statement-breakpoint
CREATE TABLE "modifier_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "modifier_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"min_choices" integer DEFAULT 0 NOT NULL,
	"max_choices" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "modifier_groups_min_max_check" CHECK ("modifier_groups"."min_choices" >= 0 and "modifier_groups"."min_choices" <= "modifier_groups"."max_choices" and "modifier_groups"."max_choices" >= 1)
);
--> statement-breakpoint
CREATE TABLE "modifier_options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "modifier_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"price_halalas" integer DEFAULT 0 NOT NULL,
	"calories" integer,
	"available" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "modifier_options_price_check" CHECK ("modifier_options"."price_halalas" >= 0)
);
--> statement-breakpoint
CREATE TABLE "service_switches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_switches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"branch_id" integer,
	"service" text NOT NULL,
	"is_active" boolean NOT NULL,
	CONSTRAINT "service_switches_scope_uq" UNIQUE NULLS NOT DISTINCT("brand_id","branch_id","service"),
	CONSTRAINT "service_switches_service_check" CHECK ("service" in ('brand', 'menu', 'ordering', 'dine_in', 'pickup', 'delivery', 'loyalty', 'points_shop', 'prize_shop', 'coupons', 'punch_cards', 'wheel', 'register_and_win', 'referral', 'evaluation'))
);
--> statement-breakpoint
ALTER TABLE "ads_popups" ADD CONSTRAINT "ads_popups_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads_popups" ADD CONSTRAINT "ads_popups_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads_slides" ADD CONSTRAINT "ads_slides_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads_slides" ADD CONSTRAINT "ads_slides_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD CONSTRAINT "delivery_zones_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_choices" ADD CONSTRAINT "payment_choices_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_table_id_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."tables"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tables" ADD CONSTRAINT "tables_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_items" ADD CONSTRAINT "branch_items_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_items" ADD CONSTRAINT "branch_items_item_id_menu_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combo_slot_choices" ADD CONSTRAINT "combo_slot_choices_slot_id_combo_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."combo_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combo_slot_choices" ADD CONSTRAINT "combo_slot_choices_item_id_menu_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combo_slots" ADD CONSTRAINT "combo_slots_combo_item_id_menu_items_id_fk" FOREIGN KEY ("combo_item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_modifier_groups" ADD CONSTRAINT "item_modifier_groups_item_id_menu_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_modifier_groups" ADD CONSTRAINT "item_modifier_groups_group_id_modifier_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."modifier_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_categories" ADD CONSTRAINT "menu_categories_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_category_id_menu_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."menu_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifier_groups" ADD CONSTRAINT "modifier_groups_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifier_options" ADD CONSTRAINT "modifier_options_group_id_modifier_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."modifier_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_switches" ADD CONSTRAINT "service_switches_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_switches" ADD CONSTRAINT "service_switches_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ads_popups_brand_idx" ON "ads_popups" USING btree ("brand_id","branch_id");--> statement-breakpoint
CREATE INDEX "ads_slides_brand_idx" ON "ads_slides" USING btree ("brand_id","branch_id");--> statement-breakpoint
CREATE INDEX "branches_brand_idx" ON "branches" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "delivery_zones_branch_idx" ON "delivery_zones" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "payment_choices_branch_idx" ON "payment_choices" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "qr_codes_branch_idx" ON "qr_codes" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "brands_hosts_idx" ON "brands" USING gin ("hosts");--> statement-breakpoint
CREATE INDEX "branch_items_item_idx" ON "branch_items" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "combo_slot_choices_item_idx" ON "combo_slot_choices" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "combo_slots_item_idx" ON "combo_slots" USING btree ("combo_item_id","sort");--> statement-breakpoint
CREATE INDEX "item_modifier_groups_group_idx" ON "item_modifier_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "menu_categories_brand_idx" ON "menu_categories" USING btree ("brand_id","sort");--> statement-breakpoint
CREATE INDEX "menu_items_category_idx" ON "menu_items" USING btree ("category_id","sort");--> statement-breakpoint
CREATE INDEX "modifier_groups_brand_idx" ON "modifier_groups" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "modifier_options_group_idx" ON "modifier_options" USING btree ("group_id","sort");--> statement-breakpoint
CREATE INDEX "service_switches_branch_idx" ON "service_switches" USING btree ("branch_id");