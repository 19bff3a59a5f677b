CREATE TABLE "product_families" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(20) NOT NULL,
	"aliases" text[] DEFAULT '{}' NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mills" ADD COLUMN "aliases" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "family_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "product_families_name_uq" ON "product_families" USING btree ("name");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_family_id_product_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."product_families"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The trade vocabulary as data (issue 29): product families, the products' and mills' other
-- names. A fresh database gets the families here and its products from the seed
-- (seed/dictionaries.ts FAMILIES, PRODUCTS, seed/mills.ts MILLS hold the same words); a deployed
-- database, which has its products and mills already, gets the links and aliases here.
INSERT INTO "product_families" ("name", "aliases", "sort") VALUES
	('热轧', ARRAY['HR', '热板'], 0),
	('冷轧', ARRAY['CR'], 1),
	('镀锌', ARRAY[]::text[], 2),
	('酸洗', ARRAY[]::text[], 3)
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "products" p SET "family_id" = f."id"
FROM "product_families" f, (VALUES
	('热轧卷板', '热轧'), ('热轧开平板', '热轧'), ('花纹板', '热轧'),
	('冷轧卷板', '冷轧'), ('冷轧板', '冷轧'),
	('镀锌卷', '镀锌'),
	('酸洗卷', '酸洗')
) AS m("product", "family")
WHERE p."name" = m."product" AND f."name" = m."family";--> statement-breakpoint
UPDATE "products" p SET "aliases" = p."aliases" || ARRAY[m."alias"]
FROM (VALUES
	('热轧卷板', 'HRC'), ('冷轧卷板', 'CRC'), ('镀锌卷', 'GI'), ('镀铝锌', 'GL'),
	('酸洗卷', 'P&O'), ('中厚板', '厚板')
) AS m("product", "alias")
WHERE p."name" = m."product" AND NOT (m."alias" = ANY (p."aliases"));--> statement-breakpoint
UPDATE "mills" SET "aliases" = m."aliases"
FROM (VALUES
	('宝钢', ARRAY['宝山钢铁', '宝武', '宝钢股份']),
	('鞍钢', ARRAY['鞍山钢铁']),
	('本钢', ARRAY['本溪钢铁']),
	('首钢', ARRAY['首钢京唐', '首钢股份']),
	('河钢', ARRAY['河北钢铁']),
	('日照', ARRAY['日钢', '日照钢铁']),
	('沙钢', ARRAY['沙钢集团']),
	('马钢', ARRAY['马鞍山钢铁']),
	('太钢', ARRAY['太原钢铁']),
	('包钢', ARRAY['包头钢铁']),
	('武钢', ARRAY['武汉钢铁']),
	('梅钢', ARRAY['梅山钢铁']),
	('涟钢', ARRAY['涟源钢铁', '华菱涟钢']),
	('邯钢', ARRAY['邯郸钢铁']),
	('唐钢', ARRAY['唐山钢铁']),
	('湛江', ARRAY['湛江钢铁', '宝钢湛江']),
	('柳钢', ARRAY['柳州钢铁']),
	('南钢', ARRAY['南京钢铁']),
	('新钢', ARRAY['新余钢铁']),
	('安钢', ARRAY['安阳钢铁'])
) AS m("name", "aliases")
WHERE "mills"."name" = m."name" AND "mills"."aliases" = '{}';
