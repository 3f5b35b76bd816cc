ALTER TABLE "games" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "eligibility" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_eligibility_check" CHECK ("games"."eligibility" in ('everyone', 'new_to_brand', 'new_to_branch', 'new_to_game'));--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_window_check" CHECK ("games"."starts_at" is null or "games"."ends_at" is null or "games"."starts_at" < "games"."ends_at");