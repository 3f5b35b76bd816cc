CREATE TABLE "diner_notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "diner_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	"params" jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diner_notifications_kind_check" CHECK ("diner_notifications"."kind" in ('order_status', 'points_earned', 'reward_unlocked', 'prize_won'))
);
--> statement-breakpoint
ALTER TABLE "diner_notifications" ADD CONSTRAINT "diner_notifications_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diner_notifications" ADD CONSTRAINT "diner_notifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diner_notifications" ADD CONSTRAINT "diner_notifications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diner_notifications_customer_idx" ON "diner_notifications" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "diner_notifications_unread_idx" ON "diner_notifications" USING btree ("customer_id") WHERE "diner_notifications"."read_at" is null;