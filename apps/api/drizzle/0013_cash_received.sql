ALTER TABLE "orders" ADD COLUMN "cash_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_received_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cash_received_by_staff_users_id_fk" FOREIGN KEY ("cash_received_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cash_received_check" CHECK ("orders"."cash_received_at" is null or ("orders"."payment_method" = 'cash' and "orders"."payment_status" = 'paid'));