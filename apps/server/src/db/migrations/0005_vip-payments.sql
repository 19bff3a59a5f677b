ALTER TABLE "bean_ledger" DROP CONSTRAINT "bean_ledger_reason_ck";--> statement-breakpoint
ALTER TABLE "user_memberships" ADD COLUMN "seats" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "vip_commodities" ADD COLUMN "per_seat" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bean_ledger_once_uq" ON "bean_ledger" USING btree ("user_id","ref_type","ref_id","reason") WHERE "bean_ledger"."ref_type" in ('sign_in', 'vip_order');--> statement-breakpoint
ALTER TABLE "bean_ledger" ADD CONSTRAINT "bean_ledger_reason_ck" CHECK ("bean_ledger"."reason" in ('earned', 'spent', 'refunded', 'adjusted', 'held'));