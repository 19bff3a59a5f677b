ALTER TABLE "articles" ADD COLUMN "index_id" integer;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "generated_key" varchar(80);--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_index_id_index_definitions_id_fk" FOREIGN KEY ("index_id") REFERENCES "public"."index_definitions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "articles_generated_key_uq" ON "articles" USING btree ("generated_key");--> statement-breakpoint
CREATE INDEX "articles_index_published_idx" ON "articles" USING btree ("index_id","published_at");