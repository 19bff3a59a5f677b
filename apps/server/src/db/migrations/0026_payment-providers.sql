ALTER TABLE "payments" ADD COLUMN "scene" varchar(10);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_no" varchar(64);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_ref" varchar(64);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_state" varchar(12);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_pending_started_idx" ON "payments" USING btree ("started_at") WHERE "payments"."state" = 'pending';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_state_ck" CHECK ("payments"."refund_state" in ('processing', 'success', 'failed'));