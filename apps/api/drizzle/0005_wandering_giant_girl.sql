CREATE TABLE "test_gateway_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"given_id" text,
	"request_hash" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"callback_url" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"status" text DEFAULT 'initiated' NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"failure_reason" text,
	"three_ds_code" text,
	"test_outcome" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "test_gateway_payments_given_id_unique" UNIQUE("given_id"),
	CONSTRAINT "test_gateway_payments_status_check" CHECK ("test_gateway_payments"."status" in ('initiated', 'paid', 'failed', 'refunded')),
	CONSTRAINT "test_gateway_payments_amount_check" CHECK ("test_gateway_payments"."amount" > 0),
	CONSTRAINT "test_gateway_payments_refunded_check" CHECK ("test_gateway_payments"."refunded" between 0 and "test_gateway_payments"."amount"),
	CONSTRAINT "test_gateway_payments_brand_check" CHECK ("test_gateway_payments"."card_brand" is null or "test_gateway_payments"."card_brand" in ('mada', 'visa', 'mastercard', 'amex')),
	CONSTRAINT "test_gateway_payments_last4_check" CHECK ("test_gateway_payments"."card_last4" is null or "test_gateway_payments"."card_last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "test_gateway_payments_outcome_check" CHECK ("test_gateway_payments"."test_outcome" is null or "test_gateway_payments"."test_outcome" in ('success', 'declined', '3ds_failed', 'timeout')),
	CONSTRAINT "test_gateway_payments_failure_check" CHECK ("test_gateway_payments"."failure_reason" is null or "test_gateway_payments"."failure_reason" in ('declined', '3ds_failed', 'timeout'))
);
--> statement-breakpoint
CREATE TABLE "test_gateway_webhooks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "test_gateway_webhooks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"type" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "test_gateway_webhooks_event_id_unique" UNIQUE("event_id"),
	CONSTRAINT "test_gateway_webhooks_status_check" CHECK ("test_gateway_webhooks"."status" in ('pending', 'delivered', 'failed')),
	CONSTRAINT "test_gateway_webhooks_type_check" CHECK ("test_gateway_webhooks"."type" in ('payment_paid', 'payment_failed', 'payment_refunded'))
);
--> statement-breakpoint
ALTER TABLE "test_gateway_webhooks" ADD CONSTRAINT "test_gateway_webhooks_payment_id_test_gateway_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."test_gateway_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_gateway_webhooks_pending_idx" ON "test_gateway_webhooks" USING btree ("next_attempt_at") WHERE "test_gateway_webhooks"."status" = 'pending';