CREATE TABLE "punch_card_punches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "punch_card_punches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"card_id" integer NOT NULL,
	"order_id" integer,
	"count" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"taken_back_at" timestamp with time zone,
	CONSTRAINT "punch_card_punches_count_check" CHECK ("punch_card_punches"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "punch_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "punch_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"programme_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"punches" integer DEFAULT 0 NOT NULL,
	"items_count" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"customer_reward_id" integer,
	CONSTRAINT "punch_cards_punches_check" CHECK ("punch_cards"."punches" >= 0 and "punch_cards"."punches" <= "punch_cards"."items_count"),
	CONSTRAINT "punch_cards_completed_check" CHECK ("punch_cards"."completed_at" is null or "punch_cards"."punches" = "punch_cards"."items_count"),
	CONSTRAINT "punch_cards_window_check" CHECK ("punch_cards"."expires_at" > "punch_cards"."started_at")
);
--> statement-breakpoint
CREATE TABLE "punch_programmes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "punch_programmes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"item_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"category_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"items_count" integer NOT NULL,
	"days_to_complete" integer NOT NULL,
	"reward_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "punch_programmes_figures_check" CHECK ("items_count" between 2 and 50
        and "days_to_complete" between 1 and 3650),
	CONSTRAINT "punch_programmes_qualifying_check" CHECK (cardinality("punch_programmes"."item_ids") + cardinality("punch_programmes"."category_ids") > 0),
	CONSTRAINT "punch_programmes_name_check" CHECK (length("punch_programmes"."name_ar") between 1 and 80 and length("punch_programmes"."name_en") between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "customer_rewards" DROP CONSTRAINT "customer_rewards_source_check";--> statement-breakpoint
ALTER TABLE "punch_card_punches" ADD CONSTRAINT "punch_card_punches_card_id_punch_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."punch_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punch_card_punches" ADD CONSTRAINT "punch_card_punches_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punch_cards" ADD CONSTRAINT "punch_cards_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punch_cards" ADD CONSTRAINT "punch_cards_programme_id_punch_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."punch_programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punch_cards" ADD CONSTRAINT "punch_cards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punch_cards" ADD CONSTRAINT "punch_cards_customer_reward_id_customer_rewards_id_fk" FOREIGN KEY ("customer_reward_id") REFERENCES "public"."customer_rewards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punch_programmes" ADD CONSTRAINT "punch_programmes_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punch_programmes" ADD CONSTRAINT "punch_programmes_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "punch_card_punches_card_order_uq" ON "punch_card_punches" USING btree ("card_id","order_id");--> statement-breakpoint
CREATE INDEX "punch_card_punches_order_idx" ON "punch_card_punches" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "punch_cards_customer_idx" ON "punch_cards" USING btree ("customer_id","programme_id");--> statement-breakpoint
CREATE INDEX "punch_programmes_brand_idx" ON "punch_programmes" USING btree ("brand_id","position");--> statement-breakpoint
ALTER TABLE "customer_rewards" ADD CONSTRAINT "customer_rewards_source_check" CHECK ("source" in ('purchase', 'prize', 'staff', 'punch_card'));