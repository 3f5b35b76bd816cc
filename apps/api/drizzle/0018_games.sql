CREATE TABLE "game_draws" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_draws_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"game_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"segment_id" integer NOT NULL,
	"branch_id" integer,
	"random_value" integer NOT NULL,
	"total_weight" integer NOT NULL,
	"customer_reward_id" integer,
	"points" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_draws_random_check" CHECK ("game_draws"."random_value" >= 0 and "game_draws"."random_value" < "game_draws"."total_weight")
);
--> statement-breakpoint
CREATE TABLE "game_players" (
	"game_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"last_spin_at" timestamp with time zone NOT NULL,
	"last_win_at" timestamp with time zone,
	"retry_at" timestamp with time zone,
	"spins" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "game_players_game_id_customer_id_pk" PRIMARY KEY("game_id","customer_id"),
	CONSTRAINT "game_players_spins_check" CHECK ("game_players"."spins" > 0)
);
--> statement-breakpoint
CREATE TABLE "game_segment_days" (
	"segment_id" integer NOT NULL,
	"day" date NOT NULL,
	"won" integer NOT NULL,
	CONSTRAINT "game_segment_days_segment_id_day_pk" PRIMARY KEY("segment_id","day"),
	CONSTRAINT "game_segment_days_won_check" CHECK ("game_segment_days"."won" > 0)
);
--> statement-breakpoint
CREATE TABLE "game_segments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_segments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"game_id" integer NOT NULL,
	"position" integer NOT NULL,
	"label_ar" text NOT NULL,
	"label_en" text NOT NULL,
	"color" text NOT NULL,
	"prize" text NOT NULL,
	"reward_id" integer,
	"points" integer,
	"send_by_sms" boolean DEFAULT false NOT NULL,
	"weight" integer NOT NULL,
	"stock" integer,
	"won" integer DEFAULT 0 NOT NULL,
	"daily_budget" integer,
	CONSTRAINT "game_segments_prize_check" CHECK ("game_segments"."prize" in ('reward', 'points', 'none')),
	CONSTRAINT "game_segments_color_check" CHECK ("game_segments"."color" ~ '^#[0-9a-fA-F]{6}$'),
	CONSTRAINT "game_segments_weight_check" CHECK ("game_segments"."weight" > 0),
	CONSTRAINT "game_segments_stock_check" CHECK ("game_segments"."won" >= 0 and ("game_segments"."stock" is null or "game_segments"."won" <= "game_segments"."stock") and ("game_segments"."daily_budget" is null or "game_segments"."daily_budget" > 0)),
	CONSTRAINT "game_segments_prize_figures_check" CHECK (("game_segments"."prize" <> 'reward' or "game_segments"."reward_id" is not null) and ("game_segments"."prize" <> 'points' or "game_segments"."points" > 0))
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "games_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"branch_id" integer,
	"kind" text NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"cooldown_days_after_win" integer DEFAULT 7 NOT NULL,
	"retry_minutes_after_loss" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_kind_check" CHECK ("games"."kind" in ('wheel', 'register_and_win')),
	CONSTRAINT "games_cooldown_check" CHECK ("games"."cooldown_days_after_win" >= 0 and "games"."retry_minutes_after_loss" >= 0)
);
--> statement-breakpoint
ALTER TABLE "game_draws" ADD CONSTRAINT "game_draws_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_draws" ADD CONSTRAINT "game_draws_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_draws" ADD CONSTRAINT "game_draws_segment_id_game_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."game_segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_draws" ADD CONSTRAINT "game_draws_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_draws" ADD CONSTRAINT "game_draws_customer_reward_id_customer_rewards_id_fk" FOREIGN KEY ("customer_reward_id") REFERENCES "public"."customer_rewards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_players" ADD CONSTRAINT "game_players_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_players" ADD CONSTRAINT "game_players_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_segment_days" ADD CONSTRAINT "game_segment_days_segment_id_game_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."game_segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_segments" ADD CONSTRAINT "game_segments_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_segments" ADD CONSTRAINT "game_segments_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_draws_game_idx" ON "game_draws" USING btree ("game_id","created_at");--> statement-breakpoint
CREATE INDEX "game_segments_game_idx" ON "game_segments" USING btree ("game_id","position");--> statement-breakpoint
CREATE INDEX "games_brand_kind_idx" ON "games" USING btree ("brand_id","kind");