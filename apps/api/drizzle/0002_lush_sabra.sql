CREATE TABLE "branch_order_counters" (
	"branch_id" integer PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "branch_order_counters_check" CHECK ("branch_order_counters"."last_number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"customer_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_customer_key_pk" PRIMARY KEY("customer_id","key"),
	CONSTRAINT "idempotency_keys_key_check" CHECK (length("idempotency_keys"."key") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_halalas" integer NOT NULL,
	"subtotal" integer NOT NULL,
	"tax" integer NOT NULL,
	"total" integer NOT NULL,
	"modifiers" jsonb NOT NULL,
	"slots" jsonb NOT NULL,
	CONSTRAINT "order_lines_order_id_position_pk" PRIMARY KEY("order_id","position"),
	CONSTRAINT "order_lines_kind_check" CHECK ("order_lines"."kind" in ('product', 'combo')),
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" between 1 and 99),
	CONSTRAINT "order_lines_money_check" CHECK ("order_lines"."unit_price_halalas" >= 0 and "order_lines"."subtotal" >= 0 and "order_lines"."tax" >= 0 and "order_lines"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_outbox_event_check" CHECK ("order_outbox"."event" in ('order_placed', 'order_status_changed'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"customer_id" integer,
	"number" integer NOT NULL,
	"order_type" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_method" text NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"tax_mode" text NOT NULL,
	"subtotal" integer NOT NULL,
	"branch_taxes" integer NOT NULL,
	"modifiers_taxes" integer NOT NULL,
	"charge_amount" integer NOT NULL,
	"charges_taxes" integer NOT NULL,
	"delivery_fee" integer NOT NULL,
	"taxes_price" integer NOT NULL,
	"total_discount" integer NOT NULL,
	"total" integer NOT NULL,
	"foodics_taxes" integer NOT NULL,
	"foodics_charges" integer NOT NULL,
	"foodics_total" integer NOT NULL,
	"notes" text,
	"receive_at" timestamp with time zone,
	"lat" double precision,
	"lng" double precision,
	"address" jsonb,
	"delivery_zone_id" integer,
	"table_id" integer,
	"table_number" text,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_branch_number_uq" UNIQUE("branch_id","number"),
	CONSTRAINT "orders_order_type_check" CHECK ("orders"."order_type" in (1, 2, 3)),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending', 'sent_to_kitchen', 'ready', 'assigned', 'en_route', 'delivered', 'canceled', 'returned')),
	CONSTRAINT "orders_payment_method_check" CHECK ("orders"."payment_method" in ('cash', 'card')),
	CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" in ('unpaid', 'paid')),
	CONSTRAINT "orders_tax_mode_check" CHECK ("orders"."tax_mode" in ('inclusive', 'exclusive')),
	CONSTRAINT "orders_money_check" CHECK ("orders"."subtotal" >= 0 and "orders"."branch_taxes" >= 0 and "orders"."modifiers_taxes" >= 0 and "orders"."charge_amount" >= 0 and "orders"."charges_taxes" >= 0 and "orders"."delivery_fee" >= 0 and "orders"."taxes_price" >= 0 and "orders"."total_discount" >= 0 and "orders"."total" >= 0 and "orders"."foodics_taxes" >= 0 and "orders"."foodics_charges" >= 0 and "orders"."foodics_total" >= 0),
	CONSTRAINT "orders_number_check" CHECK ("orders"."number" >= 1),
	CONSTRAINT "orders_notes_check" CHECK ("orders"."notes" is null or length("orders"."notes") <= 500),
	CONSTRAINT "orders_location_check" CHECK (("orders"."lat" is null and "orders"."lng" is null) or ("orders"."lat" between -90 and 90 and "orders"."lng" between -180 and 180))
);
--> statement-breakpoint
ALTER TABLE "branch_order_counters" ADD CONSTRAINT "branch_order_counters_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_outbox" ADD CONSTRAINT "order_outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_table_id_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."tables"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_outbox_pending_idx" ON "order_outbox" USING btree ("next_attempt_at","id") WHERE "order_outbox"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "orders_branch_status_idx" ON "orders" USING btree ("branch_id","status","id");