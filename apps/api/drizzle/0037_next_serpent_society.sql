ALTER TABLE "brands" ADD COLUMN "managers_edit_menu" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "branch_items" ADD COLUMN "sold_out_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "branch_items" ADD COLUMN "price_halalas" integer;--> statement-breakpoint
ALTER TABLE "menu_categories" ADD COLUMN "description_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_categories" ADD COLUMN "description_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_categories" ADD COLUMN "visible_from_minute" integer;--> statement-breakpoint
ALTER TABLE "menu_categories" ADD COLUMN "visible_until_minute" integer;--> statement-breakpoint
ALTER TABLE "menu_categories" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "allergens" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "image_color" text;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "branch_items" ADD CONSTRAINT "branch_items_price_check" CHECK ("branch_items"."price_halalas" is null or "branch_items"."price_halalas" >= 0);--> statement-breakpoint
ALTER TABLE "menu_categories" ADD CONSTRAINT "menu_categories_window_check" CHECK (("menu_categories"."visible_from_minute" is null and "menu_categories"."visible_until_minute" is null) or ("menu_categories"."visible_from_minute" between 0 and 1439 and "menu_categories"."visible_until_minute" between 0 and 1440 and "menu_categories"."visible_from_minute" <> "menu_categories"."visible_until_minute"));--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_calories_check" CHECK ("menu_items"."calories" is null or "menu_items"."calories" >= 0);