CREATE TABLE "trader_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"file_bytes" "bytea" NOT NULL,
	"state" varchar(10) DEFAULT 'previewed' NOT NULL,
	"mode" varchar(10),
	"total" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"inserted" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"message" varchar(300) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trader_imports_kind_ck" CHECK ("trader_imports"."kind" in ('cargo', 'surplus', 'quotation')),
	CONSTRAINT "trader_imports_state_ck" CHECK ("trader_imports"."state" in ('previewed', 'running', 'done', 'failed')),
	CONSTRAINT "trader_imports_mode_ck" CHECK ("trader_imports"."mode" is null or "trader_imports"."mode" in ('append', 'replace'))
);
--> statement-breakpoint
ALTER TABLE "trader_imports" ADD CONSTRAINT "trader_imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trader_imports" ADD CONSTRAINT "trader_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trader_imports_company_idx" ON "trader_imports" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "trader_imports_expires_idx" ON "trader_imports" USING btree ("expires_at");