CREATE TABLE "customer_order_stats" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"orders_count" integer DEFAULT 0 NOT NULL,
	"spend" bigint DEFAULT 0 NOT NULL,
	"last_order_at" timestamp with time zone,
	CONSTRAINT "customer_order_stats_figures_check" CHECK ("customer_order_stats"."orders_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "customer_order_stats" ADD CONSTRAINT "customer_order_stats_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_stats" ADD CONSTRAINT "customer_order_stats_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_order_stats_spend_idx" ON "customer_order_stats" USING btree ("brand_id","spend","customer_id");--> statement-breakpoint
CREATE INDEX "customer_order_stats_orders_idx" ON "customer_order_stats" USING btree ("brand_id","orders_count","customer_id");--> statement-breakpoint
CREATE INDEX "customer_order_stats_last_idx" ON "customer_order_stats" USING btree ("brand_id",(coalesce("last_order_at", 'epoch'::timestamptz)),"customer_id");