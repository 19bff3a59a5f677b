CREATE TABLE "inspection_attachments" (
	"inspection_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "inspection_attachments_inspection_id_upload_id_pk" PRIMARY KEY("inspection_id","upload_id")
);
--> statement-breakpoint
CREATE TABLE "service_switches" (
	"key" varchar(30) PRIMARY KEY NOT NULL,
	"name" varchar(30) NOT NULL,
	"open" boolean DEFAULT false NOT NULL,
	"note" varchar(100) DEFAULT '' NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"purpose" varchar(20) DEFAULT 'attachment' NOT NULL,
	"original_name" varchar(120) NOT NULL,
	"storage_key" varchar(80) NOT NULL,
	"mime" varchar(40) NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_mime_ck" CHECK ("uploads"."mime" in ('image/jpeg', 'image/png', 'image/webp', 'image/svg+xml', 'application/pdf')),
	CONSTRAINT "uploads_size_positive" CHECK ("uploads"."size_bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "inspection_steps" ADD COLUMN "inspector" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "request_key" varchar(64);--> statement-breakpoint
ALTER TABLE "inspection_attachments" ADD CONSTRAINT "inspection_attachments_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_attachments" ADD CONSTRAINT "inspection_attachments_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspection_attachments_upload_idx" ON "inspection_attachments" USING btree ("upload_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_storage_key_uq" ON "uploads" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "uploads_owner_created_idx" ON "uploads" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inspections_user_request_key_uq" ON "inspections" USING btree ("user_id","request_key");--> statement-breakpoint
-- The services the portal offers, open from the start; operators close one to show 即将开放.
INSERT INTO "service_switches" ("key", "name", "open", "note", "sort") VALUES
	('inspection', '仓库验货', true, '', 1),
	('cloudWarehouse', '仓库自助', true, '', 2),
	('processing', '共享加工', true, '', 3),
	('payment', '在线支付', true, '', 4)
ON CONFLICT ("key") DO NOTHING;
