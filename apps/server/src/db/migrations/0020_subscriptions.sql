CREATE TABLE "inbox_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"saved_search_id" integer,
	"alert_id" integer,
	"target_id" integer NOT NULL,
	"item_key" varchar(300) NOT NULL,
	"title" varchar(200) NOT NULL,
	"price_fen" integer DEFAULT 0 NOT NULL,
	"day" date,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_items_kind_ck" CHECK ("inbox_items"."kind" in ('cargo', 'surplus', 'quotation', 'index'))
);
--> statement-breakpoint
CREATE TABLE "index_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"index_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"level_fen" integer,
	"move_percent" numeric(6, 3),
	"armed" boolean DEFAULT true NOT NULL,
	"paused_at" timestamp with time zone,
	"last_fired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "index_alerts_kind_ck" CHECK ("index_alerts"."kind" in ('above', 'below', 'move'))
);
--> statement-breakpoint
CREATE TABLE "saved_search_terms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"saved_search_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer,
	"material_ids" integer[],
	"material_names" text[],
	"mill_ids" integer[],
	"origin_names" text[],
	"warehouse_ids" integer[],
	"warehouse_names" text[],
	"cities" text[],
	"company_id" integer,
	"thickness_min" numeric(7, 3),
	"thickness_max" numeric(7, 3),
	"width_min" integer,
	"width_max" integer,
	"thicknesses" numeric(7, 3)[],
	"widths" integer[],
	"lengths" integer[],
	"price_min_fen" integer,
	"price_max_fen" integer,
	"call_for_price" boolean DEFAULT false NOT NULL,
	"grades" text[],
	"texts" text[],
	"match_key" varchar(120) DEFAULT '*:*:*' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"name" varchar(30) NOT NULL,
	"filter" jsonb NOT NULL,
	"paused_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_kind_ck" CHECK ("saved_searches"."kind" in ('cargo', 'surplus', 'quotation'))
);
--> statement-breakpoint
CREATE TABLE "subscription_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"digest" boolean DEFAULT false NOT NULL,
	"quiet_start" smallint,
	"quiet_end" smallint,
	"unsubscribe_token" varchar(64) NOT NULL,
	"last_digest_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_alert_id_index_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."index_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "index_alerts" ADD CONSTRAINT "index_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "index_alerts" ADD CONSTRAINT "index_alerts_index_id_index_definitions_id_fk" FOREIGN KEY ("index_id") REFERENCES "public"."index_definitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_terms" ADD CONSTRAINT "saved_search_terms_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_settings" ADD CONSTRAINT "subscription_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_items_search_item_uq" ON "inbox_items" USING btree ("saved_search_id","item_key");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_items_alert_item_uq" ON "inbox_items" USING btree ("alert_id","item_key");--> statement-breakpoint
CREATE INDEX "inbox_items_user_idx" ON "inbox_items" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "inbox_items_unread_idx" ON "inbox_items" USING btree ("user_id") WHERE "inbox_items"."read_at" is null;--> statement-breakpoint
CREATE INDEX "index_alerts_index_idx" ON "index_alerts" USING btree ("index_id");--> statement-breakpoint
CREATE INDEX "index_alerts_user_idx" ON "index_alerts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "saved_search_terms_match_idx" ON "saved_search_terms" USING btree ("kind","match_key") WHERE "saved_search_terms"."active";--> statement-breakpoint
CREATE INDEX "saved_search_terms_search_idx" ON "saved_search_terms" USING btree ("saved_search_id");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_settings_token_uq" ON "subscription_settings" USING btree ("unsubscribe_token");