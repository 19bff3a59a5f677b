ALTER TABLE "mills" ADD COLUMN "name_en" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_categories" ADD COLUMN "name_en" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_families" ADD COLUMN "name_en" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_en" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "index_definitions" ADD COLUMN "name_en" varchar(80) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "index_definitions" ADD COLUMN "description_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "lang" varchar(5);--> statement-breakpoint
ALTER TABLE "vip_commodities" ADD COLUMN "name_en" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vip_commodities" ADD COLUMN "description_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vip_commodities" ADD COLUMN "benefits_en" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "name_en" varchar(120) DEFAULT '' NOT NULL;--> statement-breakpoint
-- English names (issue 31), written by hand after the generated columns: a deployed database
-- gets the English names of its vocabulary, index definitions and VIP commodities here, by their
-- Chinese names; a fresh one gets the same from the seed (seed/dictionaries.ts, seed/mills.ts,
-- seed/index-days.ts, seed/users.ts; seed/english-names.test.ts checks both say the same).
-- Warehouses keep '' : the portal names them by rule (modules/search/english.ts).
UPDATE "product_categories" SET "name_en" = m."name_en"
FROM (VALUES
	('热轧', 'Hot-rolled'),
	('冷轧', 'Cold-rolled'),
	('镀锌', 'Coated'),
	('酸洗', 'Pickled'),
	('中厚板', 'Plate'),
	('带钢', 'Strip')
) AS m("name", "name_en")
WHERE "product_categories"."name" = m."name";--> statement-breakpoint
UPDATE "product_families" SET "name_en" = m."name_en"
FROM (VALUES
	('热轧', 'Hot-rolled'),
	('冷轧', 'Cold-rolled'),
	('镀锌', 'Galvanized'),
	('酸洗', 'Pickled')
) AS m("name", "name_en")
WHERE "product_families"."name" = m."name";--> statement-breakpoint
UPDATE "products" SET "name_en" = m."name_en"
FROM (VALUES
	('热轧卷板', 'Hot-rolled coil'),
	('热轧开平板', 'Cut-to-length sheet'),
	('花纹板', 'Checkered plate'),
	('热轧带钢', 'Strip'),
	('冷轧卷板', 'Cold-rolled coil'),
	('冷轧板', 'Cold-rolled sheet'),
	('镀锌卷', 'Galvanized coil'),
	('镀铝锌', 'Galvalume coil'),
	('酸洗卷', 'Pickled & oiled coil'),
	('中厚板', 'Plate')
) AS m("name", "name_en")
WHERE "products"."name" = m."name";--> statement-breakpoint
UPDATE "mills" SET "name_en" = m."name_en"
FROM (VALUES
	('宝钢', 'Baosteel'),
	('鞍钢', 'Ansteel'),
	('本钢', 'Bengang Steel'),
	('首钢', 'Shougang'),
	('河钢', 'HBIS'),
	('日照', 'Rizhao Steel'),
	('沙钢', 'Shagang'),
	('马钢', 'Masteel'),
	('太钢', 'TISCO'),
	('包钢', 'Baotou Steel'),
	('武钢', 'WISCO'),
	('梅钢', 'Meishan Steel'),
	('涟钢', 'Lianyuan Steel'),
	('邯钢', 'Handan Steel'),
	('唐钢', 'Tangshan Steel'),
	('湛江', 'Zhanjiang Steel'),
	('柳钢', 'Liuzhou Steel'),
	('南钢', 'Nanjing Steel'),
	('新钢', 'Xinyu Steel'),
	('安钢', 'Anyang Steel')
) AS m("name", "name_en")
WHERE "mills"."name" = m."name";--> statement-breakpoint
UPDATE "index_definitions" SET "name_en" = m."name_en", "description_en" = m."description_en"
FROM (VALUES
	('乐从热卷', 'Lecong HRC', 'Sample prices of hot-rolled coil in the Lecong market and the stock of its sample warehouses'),
	('上海热卷', 'Shanghai HRC', 'Hot-rolled coil in Shanghai (Zhangjiagang included)'),
	('天津热卷', 'Tianjin HRC', 'Hot-rolled coil in the Tianjin market'),
	('上海冷轧', 'Shanghai CRC', 'Cold-rolled coil in the Shanghai market'),
	('乐从冷轧', 'Lecong CRC', 'Cold-rolled coil in the Lecong market'),
	('无锡冷轧', 'Wuxi CRC', 'Cold-rolled coil in the Wuxi market'),
	('上海镀锌', 'Shanghai GI', 'Galvanized coil in the Shanghai market'),
	('博兴镀锌', 'Boxing GI', 'Galvanized coil of the Boxing galvanizing cluster'),
	('天津中厚板', 'Tianjin Plate', 'Plate in the Tianjin market'),
	('武汉中厚板', 'Wuhan Plate', 'Plate in the Wuhan market'),
	('全国热卷综合', 'China HRC composite', 'Hot-rolled coil in every sample market, quotes weighted by tonnage'),
	('全国板材综合', 'China flat steel composite', 'Every product in every sample warehouse; the price is the single-product indexes of the markets weighted by stock tonnage')
) AS m("name", "name_en", "description_en")
WHERE "index_definitions"."name" = m."name";--> statement-breakpoint
UPDATE "vip_commodities" SET "name_en" = m."name_en", "description_en" = m."description_en", "benefits_en" = m."benefits_en"
FROM (VALUES
	('免豆会员', 'Bean-free membership', 'View the contacts of spot stock without spending steel beans, with member benefits such as warehouse inspection and shared processing.', ARRAY['VIP badge', 'Spot-stock contacts free of charge', 'Full index history and data export', 'Free warehouse inspection', 'Free surplus search', 'Free shared processing', 'Free market subscriptions']),
	('数据会员', 'Data membership', 'The full history of the steel indexes, and exports of stock and trade data.', ARRAY['Full index history', 'Data export to Excel']),
	('企业会员', 'Company membership', 'Bought per seat for several salespeople of one company, with the verified-company badge and a dedicated customer service.', ARRAY['Bought per seat; seats can be assigned to colleagues', 'Seat holders see spot-stock contacts free of charge', 'Verified-company badge', 'Dedicated customer service', 'Company resources listed first'])
) AS m("name", "name_en", "description_en", "benefits_en")
WHERE "vip_commodities"."name" = m."name";
