ALTER TABLE "vip_commodities" ADD COLUMN "data_access" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- 免豆会员 and 数据会员 open the full index history and the exports; 企业会员 stays off sale until
-- its seats can be given to colleagues (the trader workspace).
UPDATE "vip_commodities" SET "data_access" = true WHERE "name" IN ('免豆会员', '数据会员');--> statement-breakpoint
UPDATE "vip_commodities" SET "active" = false WHERE "name" = '企业会员';
