CREATE TABLE "coupon_customer_uses" (
	"coupon_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "coupon_customer_uses_coupon_id_customer_id_pk" PRIMARY KEY("coupon_id","customer_id"),
	CONSTRAINT "coupon_customer_uses_check" CHECK ("coupon_customer_uses"."used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupon_uses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_uses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"coupon_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"customer_id" integer,
	"order_id" integer,
	"branch_id" integer,
	"staff_user_id" integer,
	"sale_halalas" integer,
	"discount_halalas" integer NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "coupon_uses_discount_check" CHECK ("coupon_uses"."discount_halalas" >= 0),
	CONSTRAINT "coupon_uses_sale_check" CHECK ("coupon_uses"."sale_halalas" is null or "coupon_uses"."sale_halalas" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"code" text NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"kind" text NOT NULL,
	"percent_bp" integer,
	"max_discount_halalas" integer,
	"amount_halalas" integer,
	"item_id" integer,
	"minimum_order_halalas" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"global_limit" integer,
	"per_customer_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"branch_ids" integer[],
	"order_types" integer[],
	"new_customers_only" boolean DEFAULT false NOT NULL,
	"combines_with_points" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_check" CHECK ("coupons"."code" ~ '^[A-Z0-9-]{3,32}$'),
	CONSTRAINT "coupons_kind_check" CHECK ("kind" in ('percent', 'fixed', 'free_item')),
	CONSTRAINT "coupons_figures_check" CHECK (("coupons"."kind" <> 'percent' or ("coupons"."percent_bp" between 1 and 10000
          and ("coupons"."max_discount_halalas" is null or "coupons"."max_discount_halalas" > 0)))
        and ("coupons"."kind" <> 'fixed' or "coupons"."amount_halalas" > 0)
        and ("coupons"."kind" <> 'free_item' or "coupons"."item_id" is not null)
        and "coupons"."minimum_order_halalas" >= 0
        and ("coupons"."starts_at" is null or "coupons"."ends_at" is null or "coupons"."starts_at" < "coupons"."ends_at")
        and ("coupons"."global_limit" is null or "coupons"."global_limit" >= 1)
        and ("coupons"."per_customer_limit" is null or "coupons"."per_customer_limit" >= 1)),
	CONSTRAINT "coupons_used_count_check" CHECK ("coupons"."used_count" >= 0 and ("coupons"."global_limit" is null or "coupons"."used_count" <= "coupons"."global_limit"))
);
--> statement-breakpoint
ALTER TABLE "coupon_customer_uses" ADD CONSTRAINT "coupon_customer_uses_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_customer_uses" ADD CONSTRAINT "coupon_customer_uses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_item_id_menu_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."menu_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_uses_order_uq" ON "coupon_uses" USING btree ("order_id") WHERE "coupon_uses"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "coupon_uses_customer_idx" ON "coupon_uses" USING btree ("customer_id","used_at");--> statement-breakpoint
CREATE INDEX "coupon_uses_coupon_idx" ON "coupon_uses" USING btree ("coupon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_brand_code_uq" ON "coupons" USING btree ("brand_id",upper("code"));