ALTER TABLE "inspections" ADD COLUMN "inspector_name" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "inspector_phone" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "processing_enquiries" ADD COLUMN "status" varchar(10) DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "processing_enquiries" ADD COLUMN "handled_note" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "processing_enquiries" ADD CONSTRAINT "processing_enquiries_status_ck" CHECK ("processing_enquiries"."status" in ('new', 'contacted', 'closed'));