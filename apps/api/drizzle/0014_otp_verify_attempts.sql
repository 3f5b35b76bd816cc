CREATE TABLE "otp_verify_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "otp_verify_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phone" text NOT NULL,
	"ip" text NOT NULL,
	"success" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "otp_verify_attempts_phone_idx" ON "otp_verify_attempts" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "otp_verify_attempts_ip_idx" ON "otp_verify_attempts" USING btree ("ip","created_at");