ALTER TABLE "customer_rewards" DROP CONSTRAINT "customer_rewards_claim_check";--> statement-breakpoint
ALTER TABLE "customer_rewards" ADD COLUMN "claimed_order_id" integer;--> statement-breakpoint
ALTER TABLE "customer_rewards" ADD CONSTRAINT "customer_rewards_claimed_order_id_orders_id_fk" FOREIGN KEY ("claimed_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_rewards_order_idx" ON "customer_rewards" USING btree ("claimed_order_id") WHERE "customer_rewards"."claimed_order_id" is not null;--> statement-breakpoint
ALTER TABLE "customer_rewards" ADD CONSTRAINT "customer_rewards_claim_check" CHECK ("customer_rewards"."claimed_at" is not null or ("customer_rewards"."claimed_branch_id" is null and "customer_rewards"."claimed_by_staff_id" is null
        and "customer_rewards"."claimed_order_id" is null));