DROP INDEX "processing_enquiries_offer_idx";--> statement-breakpoint
DROP INDEX "cloud_coils_wh_coil_idx";--> statement-breakpoint
ALTER TABLE "cloud_coils" ALTER COLUMN "company_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "processing_enquiries" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "processing_offers" ADD COLUMN "group_deadline" date;--> statement-breakpoint
ALTER TABLE "cloud_coils" ADD COLUMN "user_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_coils" ADD CONSTRAINT "cloud_coils_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "processing_enquiries_offer_user_uq" ON "processing_enquiries" USING btree ("offer_id","user_id");--> statement-breakpoint
CREATE INDEX "cloud_coils_user_in_idx" ON "cloud_coils" USING btree ("user_id","in_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cloud_coils_wh_coil_uq" ON "cloud_coils" USING btree ("warehouse_id","coil_no");--> statement-breakpoint
CREATE INDEX "cloud_coils_coil_idx" ON "cloud_coils" USING btree ("coil_no");--> statement-breakpoint
ALTER TABLE "processing_offers" ADD CONSTRAINT "processing_offers_group_within_target_ck" CHECK ("processing_offers"."group_joined_tonnes" >= 0 and "processing_offers"."group_joined_tonnes" <= "processing_offers"."group_target_tonnes");