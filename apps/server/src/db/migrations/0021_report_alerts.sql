ALTER TABLE "inbox_items" DROP CONSTRAINT "inbox_items_kind_ck";--> statement-breakpoint
ALTER TABLE "index_alerts" DROP CONSTRAINT "index_alerts_kind_ck";--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_kind_ck" CHECK ("inbox_items"."kind" in ('cargo', 'surplus', 'quotation', 'index', 'article'));--> statement-breakpoint
ALTER TABLE "index_alerts" ADD CONSTRAINT "index_alerts_kind_ck" CHECK ("index_alerts"."kind" in ('above', 'below', 'move', 'report'));