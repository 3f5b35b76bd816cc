CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"branch_id" integer,
	"staff_user_id" integer,
	"at" timestamp with time zone NOT NULL,
	"ip" text,
	"object_type" text NOT NULL,
	"object_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "audit_log_action_check" CHECK ("action" in ('create', 'update', 'delete')),
	CONSTRAINT "audit_log_object_check" CHECK (length("audit_log"."object_type") between 1 and 60 and length("audit_log"."object_id") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_object_idx" ON "audit_log" USING btree ("brand_id","object_type","object_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_brand_at_idx" ON "audit_log" USING btree ("brand_id","at");