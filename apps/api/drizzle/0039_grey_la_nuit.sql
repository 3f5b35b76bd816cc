CREATE TABLE "foodics_connections" (
	"brand_id" integer PRIMARY KEY NOT NULL,
	"business_reference" integer NOT NULL,
	"webhook_secret" text NOT NULL,
	"card_payment_method_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "foodics_connections_secret_uq" UNIQUE("webhook_secret"),
	CONSTRAINT "foodics_connections_secret_check" CHECK (length("foodics_connections"."webhook_secret") >= 32)
);
--> statement-breakpoint
CREATE TABLE "foodics_ids" (
	"brand_id" integer NOT NULL,
	"kind" text NOT NULL,
	"local_key" text NOT NULL,
	"foodics_id" text NOT NULL,
	CONSTRAINT "foodics_ids_brand_id_kind_local_key_pk" PRIMARY KEY("brand_id","kind","local_key"),
	CONSTRAINT "foodics_ids_kind_check" CHECK ("foodics_ids"."kind" in ('branch', 'table', 'product', 'modifier_option', 'combo_size', 'combo_option', 'delivery_charge', 'tax'))
);
--> statement-breakpoint
CREATE TABLE "foodics_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "foodics_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_tried_at" timestamp with time zone,
	"last_error" text,
	"foodics_order_id" text,
	"foodics_reference" integer,
	"foodics_status" integer,
	"foodics_delivery_status" integer,
	"sent_at" timestamp with time zone,
	"poll_at" timestamp with time zone,
	"handled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "foodics_orders_order_uq" UNIQUE("order_id"),
	CONSTRAINT "foodics_orders_foodics_id_uq" UNIQUE("foodics_order_id"),
	CONSTRAINT "foodics_orders_state_check" CHECK ("foodics_orders"."state" in ('queued', 'sent', 'dead', 'handled')),
	CONSTRAINT "foodics_orders_sent_check" CHECK ("foodics_orders"."state" <> 'sent' or "foodics_orders"."foodics_order_id" is not null),
	CONSTRAINT "foodics_orders_counts_check" CHECK ("foodics_orders"."attempts" >= 0 and "foodics_orders"."failures" >= 0)
);
--> statement-breakpoint
CREATE TABLE "foodics_status_events" (
	"foodics_order_id" text NOT NULL,
	"status" text NOT NULL,
	"foodics_status" integer NOT NULL,
	"foodics_delivery_status" integer,
	"order_id" integer NOT NULL,
	"source" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "foodics_status_events_foodics_order_id_status_pk" PRIMARY KEY("foodics_order_id","status"),
	CONSTRAINT "foodics_status_events_source_check" CHECK ("foodics_status_events"."source" in ('webhook', 'poll'))
);
--> statement-breakpoint
ALTER TABLE "foodics_connections" ADD CONSTRAINT "foodics_connections_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foodics_ids" ADD CONSTRAINT "foodics_ids_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foodics_orders" ADD CONSTRAINT "foodics_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foodics_orders" ADD CONSTRAINT "foodics_orders_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foodics_orders" ADD CONSTRAINT "foodics_orders_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foodics_orders" ADD CONSTRAINT "foodics_orders_handled_by_staff_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foodics_status_events" ADD CONSTRAINT "foodics_status_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "foodics_orders_queued_idx" ON "foodics_orders" USING btree ("id") WHERE "foodics_orders"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "foodics_orders_poll_idx" ON "foodics_orders" USING btree ("poll_at") WHERE "foodics_orders"."poll_at" is not null;--> statement-breakpoint
CREATE INDEX "foodics_orders_brand_state_idx" ON "foodics_orders" USING btree ("brand_id","state","id");--> statement-breakpoint
CREATE INDEX "foodics_status_events_order_idx" ON "foodics_status_events" USING btree ("order_id");