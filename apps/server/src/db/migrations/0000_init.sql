CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_user_id" integer,
	"action" varchar(30) NOT NULL,
	"entity" varchar(40) NOT NULL,
	"entity_id" varchar(60) DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_activity" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer,
	"kind" varchar(20) NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_activity_kind_ck" CHECK ("user_activity"."kind" in ('quote', 'stock', 'surplus', 'enquiry_answered', 'login'))
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"position_name" varchar(50) NOT NULL,
	"title" varchar(100) DEFAULT '' NOT NULL,
	"image_url" varchar(300) NOT NULL,
	"link_url" varchar(300) DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"sort" smallint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ads_window_ck" CHECK ("ads"."starts_at" is null or "ads"."ends_at" is null or "ads"."starts_at" < "ads"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "agencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"brands" text[] DEFAULT '{}' NOT NULL,
	"product_names" text[] DEFAULT '{}' NOT NULL,
	"region" varchar(10) DEFAULT '' NOT NULL,
	"province" varchar(20) DEFAULT '' NOT NULL,
	"city" varchar(20) DEFAULT '' NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"contact_name" varchar(50) DEFAULT '' NOT NULL,
	"contact_phone" varchar(20) DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"logo" varchar(300) DEFAULT '' NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(30) NOT NULL,
	"name" varchar(30) NOT NULL,
	"parent_id" integer,
	"sort" smallint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_tags" (
	"article_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "article_tags_article_id_tag_id_pk" PRIMARY KEY("article_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"summary" varchar(500) DEFAULT '' NOT NULL,
	"content_html" text DEFAULT '' NOT NULL,
	"cover" varchar(300) DEFAULT '' NOT NULL,
	"source" varchar(100) DEFAULT '' NOT NULL,
	"author" varchar(50) DEFAULT '' NOT NULL,
	"members_only" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'published' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_status_ck" CHECK ("articles"."status" in ('draft', 'published', 'hidden'))
);
--> statement-breakpoint
CREATE TABLE "commercial_affairs" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"summary" varchar(500) DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"cover" varchar(300) DEFAULT '' NOT NULL,
	"city" varchar(20) DEFAULT '' NOT NULL,
	"product_id" integer,
	"source" varchar(100) DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'published' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commercial_affairs_status_ck" CHECK ("commercial_affairs"."status" in ('draft', 'published', 'hidden'))
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(30) NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(30) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mills" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(30) NOT NULL,
	"full_name" varchar(100) DEFAULT '' NOT NULL,
	"province" varchar(20) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(20) NOT NULL,
	"name" varchar(20) NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_materials" (
	"product_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_materials_product_id_material_id_pk" PRIMARY KEY("product_id","material_id")
);
--> statement-breakpoint
CREATE TABLE "product_origins" (
	"product_id" integer NOT NULL,
	"mill_id" integer NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_origins_product_id_mill_id_pk" PRIMARY KEY("product_id","mill_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"aliases" text[] DEFAULT '{}' NOT NULL,
	"thickness_min" numeric(7, 3) NOT NULL,
	"thickness_max" numeric(7, 3) NOT NULL,
	"width_min" integer NOT NULL,
	"width_max" integer NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_unlocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"beans_spent" integer DEFAULT 0 NOT NULL,
	"via_vip" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"cargo_id" integer,
	"surplus_id" integer,
	"quotation_id" integer,
	"beans_spent" integer DEFAULT 0 NOT NULL,
	"message" varchar(300) DEFAULT '' NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiries_kind_ck" CHECK ("enquiries"."kind" in ('cargo', 'surplus', 'quotation'))
);
--> statement-breakpoint
CREATE TABLE "kv_entries" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"inspection_id" integer NOT NULL,
	"step" smallint NOT NULL,
	"title" varchar(50) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"photos" text[] DEFAULT '{}' NOT NULL,
	"findings" text DEFAULT '' NOT NULL,
	"operator_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspections" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"coil_numbers" text[] DEFAULT '{}' NOT NULL,
	"cargo_ids" integer[] DEFAULT '{}' NOT NULL,
	"requested_date" date NOT NULL,
	"contact_name" varchar(50) NOT NULL,
	"contact_phone" varchar(20) NOT NULL,
	"remark" varchar(300) DEFAULT '' NOT NULL,
	"status" varchar(12) DEFAULT 'requested' NOT NULL,
	"beans_spent" integer DEFAULT 0 NOT NULL,
	"conclusion" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspections_status_ck" CHECK ("inspections"."status" in ('requested', 'accepted', 'in_progress', 'done', 'cancelled')),
	CONSTRAINT "inspections_beans_non_negative" CHECK ("inspections"."beans_spent" >= 0)
);
--> statement-breakpoint
CREATE TABLE "processing_enquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"tonnes" integer DEFAULT 0 NOT NULL,
	"remark" varchar(300) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processing_enquiries_tonnes_non_negative" CHECK ("processing_enquiries"."tonnes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "processing_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"plant_name" varchar(100) NOT NULL,
	"company_id" integer,
	"line_type" varchar(4) NOT NULL,
	"thickness_min" numeric(7, 3) NOT NULL,
	"thickness_max" numeric(7, 3) NOT NULL,
	"width_min" integer NOT NULL,
	"width_max" integer NOT NULL,
	"city" varchar(20) NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"price_fen" integer NOT NULL,
	"free_capacity_tonnes" integer DEFAULT 0 NOT NULL,
	"group_open" boolean DEFAULT false NOT NULL,
	"group_target_tonnes" integer DEFAULT 0 NOT NULL,
	"group_joined_tonnes" integer DEFAULT 0 NOT NULL,
	"contact_name" varchar(50) NOT NULL,
	"contact_phone" varchar(20) NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processing_offers_line_type_ck" CHECK ("processing_offers"."line_type" in ('分条', '开平', '纵剪', '横切')),
	CONSTRAINT "processing_offers_ranges_ck" CHECK ("processing_offers"."thickness_min" <= "processing_offers"."thickness_max" and "processing_offers"."width_min" <= "processing_offers"."width_max" and "processing_offers"."price_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "index_corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"index_id" integer NOT NULL,
	"day" date NOT NULL,
	"values" jsonb NOT NULL,
	"before" jsonb,
	"reason" varchar(300) NOT NULL,
	"actor_user_id" integer,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "index_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"index_id" integer NOT NULL,
	"day" date NOT NULL,
	"price_fen" integer NOT NULL,
	"points" numeric(10, 2) NOT NULL,
	"change_fen" integer DEFAULT 0 NOT NULL,
	"change_points" numeric(10, 2) DEFAULT 0 NOT NULL,
	"stock_kg" bigint DEFAULT 0 NOT NULL,
	"in_kg" bigint DEFAULT 0 NOT NULL,
	"out_kg" bigint DEFAULT 0 NOT NULL,
	"deal_kg" bigint DEFAULT 0 NOT NULL,
	"pack_kg" bigint DEFAULT 0 NOT NULL,
	"trading_kg" bigint DEFAULT 0 NOT NULL,
	"change_stock_kg" bigint DEFAULT 0 NOT NULL,
	"change_stock_ratio" numeric(12, 6),
	"change_trading_kg" bigint DEFAULT 0 NOT NULL,
	"trading_weight_ratio" numeric(12, 6),
	"change_pack_kg" bigint DEFAULT 0 NOT NULL,
	"change_pack_ratio" numeric(12, 6),
	"sample_count" integer DEFAULT 0 NOT NULL,
	"removed_outliers" integer DEFAULT 0 NOT NULL,
	"inputs_fingerprint" varchar(64) DEFAULT '' NOT NULL,
	"corrected" boolean DEFAULT false NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "index_days_price_non_negative" CHECK ("index_days"."price_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "index_definitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(40) NOT NULL,
	"name" varchar(40) NOT NULL,
	"product_id" integer,
	"market" varchar(20) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"base_date" date NOT NULL,
	"base_price_fen" integer NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "index_definitions_base_price_positive" CHECK ("index_definitions"."base_price_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "saturation_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"market" varchar(20) NOT NULL,
	"day" date NOT NULL,
	"stock_kg" bigint DEFAULT 0 NOT NULL,
	"capacity_kg" bigint DEFAULT 0 NOT NULL,
	"trading_kg" bigint DEFAULT 0 NOT NULL,
	"ratio" numeric(8, 6) NOT NULL,
	"change_ratio" numeric(8, 6) DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cargo" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"material_id" integer,
	"material" varchar(30) DEFAULT '' NOT NULL,
	"spec" varchar(50) NOT NULL,
	"thickness" numeric(7, 3) NOT NULL,
	"width" integer,
	"length" integer,
	"form" varchar(10) DEFAULT 'coil' NOT NULL,
	"mill_id" integer,
	"origin" varchar(30) DEFAULT '' NOT NULL,
	"warehouse_id" integer,
	"warehouse_name" varchar(60) DEFAULT '' NOT NULL,
	"city" varchar(20) NOT NULL,
	"pieces" integer NOT NULL,
	"weight_kg" integer NOT NULL,
	"price_fen" integer DEFAULT 0 NOT NULL,
	"company_id" integer NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'on_sale' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cargo_status_ck" CHECK ("cargo"."status" in ('on_sale', 'sold_out')),
	CONSTRAINT "cargo_quantities_ck" CHECK ("cargo"."pieces" > 0 and "cargo"."weight_kg" > 0 and "cargo"."price_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quotations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"material_id" integer,
	"material" varchar(30) DEFAULT '' NOT NULL,
	"spec" varchar(50) NOT NULL,
	"thickness" numeric(7, 3) NOT NULL,
	"width" integer,
	"length" integer,
	"form" varchar(10) DEFAULT 'coil' NOT NULL,
	"mill_id" integer,
	"origin" varchar(30) DEFAULT '' NOT NULL,
	"city" varchar(20) NOT NULL,
	"warehouse_id" integer,
	"warehouse_name" varchar(60) DEFAULT '' NOT NULL,
	"price_fen" integer DEFAULT 0 NOT NULL,
	"quote_date" date NOT NULL,
	"prev_price_fen" integer,
	"change_fen" integer DEFAULT 0 NOT NULL,
	"weight_kg" integer DEFAULT 0 NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotations_amounts_ck" CHECK ("quotations"."price_fen" >= 0 and "quotations"."weight_kg" >= 0)
);
--> statement-breakpoint
CREATE TABLE "surplus" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"material_id" integer,
	"material" varchar(30) DEFAULT '' NOT NULL,
	"spec" varchar(50) NOT NULL,
	"thickness" numeric(7, 3) NOT NULL,
	"width" integer,
	"length" integer,
	"form" varchar(10) DEFAULT 'coil' NOT NULL,
	"mill_id" integer,
	"origin" varchar(30) DEFAULT '' NOT NULL,
	"warehouse_id" integer,
	"warehouse_name" varchar(60) DEFAULT '' NOT NULL,
	"city" varchar(20) NOT NULL,
	"pieces" integer NOT NULL,
	"weight_kg" integer NOT NULL,
	"price_fen" integer DEFAULT 0 NOT NULL,
	"company_id" integer NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'on_sale' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"grade" varchar(10) DEFAULT '正品' NOT NULL,
	"defects" varchar(300) DEFAULT '' NOT NULL,
	CONSTRAINT "surplus_status_ck" CHECK ("surplus"."status" in ('on_sale', 'sold_out')),
	CONSTRAINT "surplus_grade_ck" CHECK ("surplus"."grade" in ('正品', '协议品', '次品', '等外品')),
	CONSTRAINT "surplus_quantities_ck" CHECK ("surplus"."pieces" > 0 and "surplus"."weight_kg" > 0 and "surplus"."price_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"short_name" varchar(30) NOT NULL,
	"city" varchar(20) NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"contact_name" varchar(50) NOT NULL,
	"contact_phone" varchar(20) NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"main_products" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"client_id" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(300) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" varchar(20) NOT NULL,
	"password_hash" text,
	"link_man" varchar(50) NOT NULL,
	"role" varchar(10) DEFAULT 'member' NOT NULL,
	"company_id" integer,
	"beans" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_beans_non_negative" CHECK ("users"."beans" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bean_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" varchar(10) NOT NULL,
	"ref_type" varchar(30),
	"ref_id" integer,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bean_ledger_balance_non_negative" CHECK ("bean_ledger"."balance_after" >= 0),
	CONSTRAINT "bean_ledger_delta_non_zero" CHECK ("bean_ledger"."delta" <> 0),
	CONSTRAINT "bean_ledger_reason_ck" CHECK ("bean_ledger"."reason" in ('earned', 'spent', 'refunded', 'adjusted'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"user_id" integer NOT NULL,
	"commodity_ids" integer[] NOT NULL,
	"days" smallint NOT NULL,
	"quantity" smallint DEFAULT 1 NOT NULL,
	"list_fen" integer NOT NULL,
	"beans_used" integer DEFAULT 0 NOT NULL,
	"deduction_fen" integer DEFAULT 0 NOT NULL,
	"amount_fen" integer NOT NULL,
	"state" varchar(10) DEFAULT 'pending' NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_state_ck" CHECK ("orders"."state" in ('pending', 'paid', 'closed', 'refunded')),
	CONSTRAINT "orders_amounts_ck" CHECK ("orders"."amount_fen" >= 0 and "orders"."deduction_fen" >= 0 and "orders"."beans_used" >= 0 and "orders"."amount_fen" = "orders"."list_fen" - "orders"."deduction_fen")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" varchar(20) DEFAULT 'sandbox' NOT NULL,
	"provider_ref" varchar(64),
	"amount_fen" integer NOT NULL,
	"state" varchar(10) DEFAULT 'pending' NOT NULL,
	"signature" varchar(512),
	"notified_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_state_ck" CHECK ("payments"."state" in ('pending', 'paid', 'closed', 'refunded')),
	CONSTRAINT "payments_amount_non_negative" CHECK ("payments"."amount_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"commodity_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"source_order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_memberships_period_ck" CHECK ("user_memberships"."starts_at" < "user_memberships"."expires_at")
);
--> statement-breakpoint
CREATE TABLE "vip_commodities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(30) NOT NULL,
	"is_vip" smallint DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"benefits" text[] DEFAULT '{}' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_commodities_is_vip_ck" CHECK ("vip_commodities"."is_vip" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "vip_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"commodity_id" integer NOT NULL,
	"days" smallint NOT NULL,
	"price_fen" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_prices_positive" CHECK ("vip_prices"."days" > 0 and "vip_prices"."price_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "cloud_coils" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"coil_no" varchar(40) NOT NULL,
	"product_id" integer NOT NULL,
	"material_id" integer,
	"material" varchar(30) DEFAULT '' NOT NULL,
	"spec" varchar(50) NOT NULL,
	"thickness" numeric(7, 3) NOT NULL,
	"width" integer,
	"length" integer,
	"form" varchar(10) DEFAULT 'coil' NOT NULL,
	"mill_id" integer,
	"origin" varchar(30) DEFAULT '' NOT NULL,
	"weight_kg" integer NOT NULL,
	"in_at" timestamp with time zone NOT NULL,
	"out_at" timestamp with time zone,
	"status" varchar(10) DEFAULT 'in_stock' NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cloud_coils_status_ck" CHECK ("cloud_coils"."status" in ('in_stock', 'out')),
	CONSTRAINT "cloud_coils_weight_positive" CHECK ("cloud_coils"."weight_kg" > 0),
	CONSTRAINT "cloud_coils_out_after_in" CHECK ("cloud_coils"."out_at" is null or "cloud_coils"."out_at" >= "cloud_coils"."in_at")
);
--> statement-breakpoint
CREATE TABLE "warehouse_daily" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"day" date NOT NULL,
	"in_kg" integer DEFAULT 0 NOT NULL,
	"out_kg" integer DEFAULT 0 NOT NULL,
	"stock_kg" integer DEFAULT 0 NOT NULL,
	"pack_kg" integer DEFAULT 0 NOT NULL,
	"trading_kg" integer DEFAULT 0 NOT NULL,
	"deal_kg" integer DEFAULT 0 NOT NULL,
	"deals" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouse_daily_non_negative" CHECK ("warehouse_daily"."in_kg" >= 0 and "warehouse_daily"."out_kg" >= 0 and "warehouse_daily"."stock_kg" >= 0 and "warehouse_daily"."pack_kg" >= 0 and "warehouse_daily"."trading_kg" >= 0 and "warehouse_daily"."deal_kg" >= 0 and "warehouse_daily"."deals" >= 0)
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"city" varchar(20) NOT NULL,
	"market" varchar(20) NOT NULL,
	"region" varchar(10) NOT NULL,
	"province" varchar(20) NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"capacity_tonnes" integer NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"inspection_partner" boolean DEFAULT false NOT NULL,
	"cloud_partner" boolean DEFAULT false NOT NULL,
	"contact_name" varchar(50) DEFAULT '' NOT NULL,
	"contact_phone" varchar(20) DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouses_capacity_positive" CHECK ("warehouses"."capacity_tonnes" > 0)
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_tags" ADD CONSTRAINT "article_tags_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_tags" ADD CONSTRAINT "article_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_category_id_article_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."article_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commercial_affairs" ADD CONSTRAINT "commercial_affairs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commercial_affairs" ADD CONSTRAINT "commercial_affairs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_materials" ADD CONSTRAINT "product_materials_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_materials" ADD CONSTRAINT "product_materials_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_origins" ADD CONSTRAINT "product_origins_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_origins" ADD CONSTRAINT "product_origins_mill_id_mills_id_fk" FOREIGN KEY ("mill_id") REFERENCES "public"."mills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_unlocks" ADD CONSTRAINT "contact_unlocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_unlocks" ADD CONSTRAINT "contact_unlocks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_cargo_id_cargo_id_fk" FOREIGN KEY ("cargo_id") REFERENCES "public"."cargo"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_surplus_id_surplus_id_fk" FOREIGN KEY ("surplus_id") REFERENCES "public"."surplus"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_steps" ADD CONSTRAINT "inspection_steps_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_steps" ADD CONSTRAINT "inspection_steps_operator_user_id_users_id_fk" FOREIGN KEY ("operator_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processing_enquiries" ADD CONSTRAINT "processing_enquiries_offer_id_processing_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."processing_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processing_enquiries" ADD CONSTRAINT "processing_enquiries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processing_offers" ADD CONSTRAINT "processing_offers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "index_corrections" ADD CONSTRAINT "index_corrections_index_id_index_definitions_id_fk" FOREIGN KEY ("index_id") REFERENCES "public"."index_definitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "index_corrections" ADD CONSTRAINT "index_corrections_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "index_days" ADD CONSTRAINT "index_days_index_id_index_definitions_id_fk" FOREIGN KEY ("index_id") REFERENCES "public"."index_definitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "index_definitions" ADD CONSTRAINT "index_definitions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargo" ADD CONSTRAINT "cargo_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargo" ADD CONSTRAINT "cargo_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargo" ADD CONSTRAINT "cargo_mill_id_mills_id_fk" FOREIGN KEY ("mill_id") REFERENCES "public"."mills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargo" ADD CONSTRAINT "cargo_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargo" ADD CONSTRAINT "cargo_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_mill_id_mills_id_fk" FOREIGN KEY ("mill_id") REFERENCES "public"."mills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surplus" ADD CONSTRAINT "surplus_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surplus" ADD CONSTRAINT "surplus_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surplus" ADD CONSTRAINT "surplus_mill_id_mills_id_fk" FOREIGN KEY ("mill_id") REFERENCES "public"."mills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surplus" ADD CONSTRAINT "surplus_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surplus" ADD CONSTRAINT "surplus_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bean_ledger" ADD CONSTRAINT "bean_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bean_ledger" ADD CONSTRAINT "bean_ledger_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_memberships" ADD CONSTRAINT "user_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_memberships" ADD CONSTRAINT "user_memberships_commodity_id_vip_commodities_id_fk" FOREIGN KEY ("commodity_id") REFERENCES "public"."vip_commodities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_memberships" ADD CONSTRAINT "user_memberships_source_order_id_orders_id_fk" FOREIGN KEY ("source_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_prices" ADD CONSTRAINT "vip_prices_commodity_id_vip_commodities_id_fk" FOREIGN KEY ("commodity_id") REFERENCES "public"."vip_commodities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_coils" ADD CONSTRAINT "cloud_coils_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_coils" ADD CONSTRAINT "cloud_coils_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_coils" ADD CONSTRAINT "cloud_coils_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_coils" ADD CONSTRAINT "cloud_coils_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_coils" ADD CONSTRAINT "cloud_coils_mill_id_mills_id_fk" FOREIGN KEY ("mill_id") REFERENCES "public"."mills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_daily" ADD CONSTRAINT "warehouse_daily_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_daily" ADD CONSTRAINT "warehouse_daily_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_activity_user_kind_day_uq" ON "user_activity" USING btree ("user_id","kind","day");--> statement-breakpoint
CREATE INDEX "user_activity_day_company_idx" ON "user_activity" USING btree ("day","company_id");--> statement-breakpoint
CREATE INDEX "ads_position_idx" ON "ads" USING btree ("position_name","active","sort");--> statement-breakpoint
CREATE INDEX "agencies_region_city_idx" ON "agencies" USING btree ("region","city");--> statement-breakpoint
CREATE INDEX "agencies_brands_idx" ON "agencies" USING gin ("brands");--> statement-breakpoint
CREATE INDEX "agencies_name_trgm_idx" ON "agencies" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "article_categories_code_uq" ON "article_categories" USING btree ("code");--> statement-breakpoint
CREATE INDEX "article_tags_tag_idx" ON "article_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "articles_status_category_published_idx" ON "articles" USING btree ("status","category_id","published_at");--> statement-breakpoint
CREATE INDEX "articles_status_published_idx" ON "articles" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "articles_title_trgm_idx" ON "articles" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "commercial_affairs_status_published_idx" ON "commercial_affairs" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "commercial_affairs_city_idx" ON "commercial_affairs" USING btree ("city","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_uq" ON "tags" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "materials_name_uq" ON "materials" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "mills_name_uq" ON "mills" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "product_categories_code_uq" ON "product_categories" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "products_name_uq" ON "products" USING btree ("name");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_unlocks_user_company_uq" ON "contact_unlocks" USING btree ("user_id","company_id");--> statement-breakpoint
CREATE INDEX "contact_unlocks_company_idx" ON "contact_unlocks" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "enquiries_user_created_idx" ON "enquiries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "enquiries_company_created_idx" ON "enquiries" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "enquiries_user_cargo_uq" ON "enquiries" USING btree ("user_id","cargo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enquiries_user_surplus_uq" ON "enquiries" USING btree ("user_id","surplus_id");--> statement-breakpoint
CREATE INDEX "kv_entries_expires_idx" ON "kv_entries" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "inspection_steps_inspection_idx" ON "inspection_steps" USING btree ("inspection_id","step");--> statement-breakpoint
CREATE INDEX "inspections_user_created_idx" ON "inspections" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "inspections_status_idx" ON "inspections" USING btree ("status","requested_date");--> statement-breakpoint
CREATE INDEX "inspections_warehouse_idx" ON "inspections" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "processing_enquiries_offer_idx" ON "processing_enquiries" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "processing_enquiries_user_idx" ON "processing_enquiries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "processing_offers_line_city_idx" ON "processing_offers" USING btree ("line_type","city");--> statement-breakpoint
CREATE INDEX "processing_offers_active_sort_idx" ON "processing_offers" USING btree ("active","sort");--> statement-breakpoint
CREATE INDEX "index_corrections_index_day_idx" ON "index_corrections" USING btree ("index_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "index_days_index_day_uq" ON "index_days" USING btree ("index_id","day");--> statement-breakpoint
CREATE INDEX "index_days_day_idx" ON "index_days" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "index_definitions_code_uq" ON "index_definitions" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "saturation_days_market_day_uq" ON "saturation_days" USING btree ("market","day");--> statement-breakpoint
CREATE INDEX "saturation_days_day_idx" ON "saturation_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "cargo_status_product_price_idx" ON "cargo" USING btree ("status","product_id","price_fen");--> statement-breakpoint
CREATE INDEX "cargo_product_material_mill_price_idx" ON "cargo" USING btree ("product_id","material_id","mill_id","price_fen");--> statement-breakpoint
CREATE INDEX "cargo_city_product_idx" ON "cargo" USING btree ("city","product_id");--> statement-breakpoint
CREATE INDEX "cargo_warehouse_idx" ON "cargo" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "cargo_company_idx" ON "cargo" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "cargo_thickness_width_idx" ON "cargo" USING btree ("thickness","width");--> statement-breakpoint
CREATE INDEX "cargo_updated_at_idx" ON "cargo" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "cargo_search_text_trgm_idx" ON "cargo" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quotations_date_product_price_idx" ON "quotations" USING btree ("quote_date","product_id","price_fen");--> statement-breakpoint
CREATE INDEX "quotations_company_date_idx" ON "quotations" USING btree ("company_id","quote_date");--> statement-breakpoint
CREATE INDEX "quotations_date_city_idx" ON "quotations" USING btree ("quote_date","city");--> statement-breakpoint
CREATE INDEX "quotations_search_text_trgm_idx" ON "quotations" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "surplus_status_product_price_idx" ON "surplus" USING btree ("status","product_id","price_fen");--> statement-breakpoint
CREATE INDEX "surplus_product_material_mill_price_idx" ON "surplus" USING btree ("product_id","material_id","mill_id","price_fen");--> statement-breakpoint
CREATE INDEX "surplus_city_product_idx" ON "surplus" USING btree ("city","product_id");--> statement-breakpoint
CREATE INDEX "surplus_grade_idx" ON "surplus" USING btree ("grade","product_id");--> statement-breakpoint
CREATE INDEX "surplus_warehouse_idx" ON "surplus" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "surplus_company_idx" ON "surplus" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "surplus_thickness_width_idx" ON "surplus" USING btree ("thickness","width");--> statement-breakpoint
CREATE INDEX "surplus_updated_at_idx" ON "surplus" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "surplus_search_text_trgm_idx" ON "surplus" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_uq" ON "companies" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_uq" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "bean_ledger_user_created_idx" ON "bean_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bean_ledger_ref_idx" ON "bean_ledger" USING btree ("ref_type","ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_uq" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_state_expires_idx" ON "orders" USING btree ("state","expires_at");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_uq" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "user_memberships_user_idx" ON "user_memberships" USING btree ("user_id","commodity_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_memberships_order_commodity_uq" ON "user_memberships" USING btree ("source_order_id","commodity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_commodities_name_uq" ON "vip_commodities" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_prices_commodity_days_uq" ON "vip_prices" USING btree ("commodity_id","days");--> statement-breakpoint
CREATE INDEX "cloud_coils_company_wh_idx" ON "cloud_coils" USING btree ("company_id","warehouse_id","in_at");--> statement-breakpoint
CREATE INDEX "cloud_coils_wh_coil_idx" ON "cloud_coils" USING btree ("warehouse_id","coil_no");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_daily_wh_product_day_uq" ON "warehouse_daily" USING btree ("warehouse_id","product_id","day");--> statement-breakpoint
CREATE INDEX "warehouse_daily_day_wh_idx" ON "warehouse_daily" USING btree ("day","warehouse_id");--> statement-breakpoint
CREATE INDEX "warehouse_daily_product_day_idx" ON "warehouse_daily" USING btree ("product_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_name_uq" ON "warehouses" USING btree ("name");--> statement-breakpoint
CREATE INDEX "warehouses_market_idx" ON "warehouses" USING btree ("market");--> statement-breakpoint
CREATE INDEX "warehouses_city_idx" ON "warehouses" USING btree ("city");