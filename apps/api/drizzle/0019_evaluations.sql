CREATE TABLE "evaluation_forms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evaluation_forms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"points_reward" integer DEFAULT 0 NOT NULL,
	"low_rating_threshold" integer DEFAULT 2 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluation_forms_figures_check" CHECK ("evaluation_forms"."points_reward" between 0 and 100000 and "evaluation_forms"."low_rating_threshold" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "evaluation_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evaluation_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"submission_id" integer NOT NULL,
	"position" integer NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	CONSTRAINT "evaluation_photos_figures_check" CHECK ("position" between 0 and 1 and "size_bytes" between 1 and 8388608 and "width" > 0 and "height" > 0 and "content_type" in ('image/jpeg'))
);
--> statement-breakpoint
CREATE TABLE "evaluation_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evaluation_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"form_id" integer NOT NULL,
	"kind" text NOT NULL,
	"label_ar" text NOT NULL,
	"label_en" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "evaluation_questions_kind_check" CHECK ("kind" in ('rating', 'single', 'multiple', 'text')),
	CONSTRAINT "evaluation_questions_options_check" CHECK (jsonb_typeof("evaluation_questions"."options") = 'array' and (case when "evaluation_questions"."kind" in ('single', 'multiple')
        then jsonb_array_length("evaluation_questions"."options") >= 2 else jsonb_array_length("evaluation_questions"."options") = 0 end))
);
--> statement-breakpoint
CREATE TABLE "evaluation_submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evaluation_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"form_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"average_rating_hundredths" integer,
	"is_low" boolean NOT NULL,
	"points_awarded" integer DEFAULT 0 NOT NULL,
	"apology_customer_reward_id" integer,
	"apology_by_staff_id" integer,
	"apologized_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluation_submissions_figures_check" CHECK (("evaluation_submissions"."average_rating_hundredths" is null or "evaluation_submissions"."average_rating_hundredths" between 100 and 500)
        and "evaluation_submissions"."points_awarded" >= 0 and jsonb_typeof("evaluation_submissions"."answers") = 'array'),
	CONSTRAINT "evaluation_submissions_apology_check" CHECK ("evaluation_submissions"."apologized_at" is not null or ("evaluation_submissions"."apology_customer_reward_id" is null and "evaluation_submissions"."apology_by_staff_id" is null))
);
--> statement-breakpoint
ALTER TABLE "evaluation_forms" ADD CONSTRAINT "evaluation_forms_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_photos" ADD CONSTRAINT "evaluation_photos_submission_id_evaluation_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."evaluation_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_questions" ADD CONSTRAINT "evaluation_questions_form_id_evaluation_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."evaluation_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_submissions" ADD CONSTRAINT "evaluation_submissions_form_id_evaluation_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."evaluation_forms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_submissions" ADD CONSTRAINT "evaluation_submissions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_submissions" ADD CONSTRAINT "evaluation_submissions_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_submissions" ADD CONSTRAINT "evaluation_submissions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_submissions" ADD CONSTRAINT "evaluation_submissions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_submissions" ADD CONSTRAINT "evaluation_submissions_apology_customer_reward_id_customer_rewards_id_fk" FOREIGN KEY ("apology_customer_reward_id") REFERENCES "public"."customer_rewards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_submissions" ADD CONSTRAINT "evaluation_submissions_apology_by_staff_id_staff_users_id_fk" FOREIGN KEY ("apology_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluation_forms_brand_idx" ON "evaluation_forms" USING btree ("brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_photos_position_uq" ON "evaluation_photos" USING btree ("submission_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_photos_key_uq" ON "evaluation_photos" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "evaluation_questions_form_idx" ON "evaluation_questions" USING btree ("form_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_submissions_order_uq" ON "evaluation_submissions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "evaluation_submissions_branch_idx" ON "evaluation_submissions" USING btree ("brand_id","branch_id","created_at");