CREATE TABLE "price_table_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"material" varchar(30) NOT NULL,
	"spec" varchar(50) NOT NULL,
	"origin" varchar(30) NOT NULL,
	"state" varchar(10) DEFAULT 'auto' NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_table_items_state_ck" CHECK ("price_table_items"."state" in ('auto', 'pinned', 'hidden'))
);
--> statement-breakpoint
ALTER TABLE "price_table_items" ADD CONSTRAINT "price_table_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_table_items" ADD CONSTRAINT "price_table_items_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_table_items_item_uq" ON "price_table_items" USING btree ("product_id","material","spec","origin");