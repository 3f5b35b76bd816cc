CREATE TABLE "evaluation_form_branches" (
	"form_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	CONSTRAINT "evaluation_form_branches_form_id_branch_id_pk" PRIMARY KEY("form_id","branch_id")
);
--> statement-breakpoint
ALTER TABLE "evaluation_forms" ADD COLUMN "for_orders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluation_forms" ADD COLUMN "for_visits" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluation_forms" ADD COLUMN "all_branches" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluation_forms" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluation_questions" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "evaluation_form_branches" ADD CONSTRAINT "evaluation_form_branches_form_id_evaluation_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."evaluation_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_form_branches" ADD CONSTRAINT "evaluation_form_branches_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluation_form_branches_branch_idx" ON "evaluation_form_branches" USING btree ("branch_id");