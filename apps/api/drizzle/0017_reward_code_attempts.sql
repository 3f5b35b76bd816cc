CREATE TABLE "reward_code_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reward_code_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"staff_user_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reward_code_attempts" ADD CONSTRAINT "reward_code_attempts_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_code_attempts" ADD CONSTRAINT "reward_code_attempts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reward_code_attempts_staff_idx" ON "reward_code_attempts" USING btree ("staff_user_id","created_at");--> statement-breakpoint
CREATE INDEX "reward_code_attempts_branch_idx" ON "reward_code_attempts" USING btree ("branch_id","created_at");