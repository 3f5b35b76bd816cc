CREATE TABLE "customer_favourites" (
	"customer_id" integer NOT NULL,
	"menu_item_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_favourites_customer_id_menu_item_id_pk" PRIMARY KEY("customer_id","menu_item_id")
);
--> statement-breakpoint
ALTER TABLE "customer_favourites" ADD CONSTRAINT "customer_favourites_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_favourites" ADD CONSTRAINT "customer_favourites_menu_item_id_menu_items_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_favourites_item_idx" ON "customer_favourites" USING btree ("menu_item_id");