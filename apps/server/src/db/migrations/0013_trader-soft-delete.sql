ALTER TABLE "cargo" DROP CONSTRAINT "cargo_status_ck";--> statement-breakpoint
ALTER TABLE "surplus" DROP CONSTRAINT "surplus_status_ck";--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cargo" ADD CONSTRAINT "cargo_status_ck" CHECK ("cargo"."status" in ('on_sale', 'sold_out', 'deleted'));--> statement-breakpoint
ALTER TABLE "surplus" ADD CONSTRAINT "surplus_status_ck" CHECK ("surplus"."status" in ('on_sale', 'sold_out', 'deleted'));