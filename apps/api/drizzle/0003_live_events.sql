ALTER TABLE "tables" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "order_outbox" ADD COLUMN "announced_at" timestamp with time zone;