CREATE INDEX "quotations_date_updated_idx" ON "quotations" USING btree ("quote_date","updated_at");--> statement-breakpoint
CREATE INDEX "quotations_date_price_idx" ON "quotations" USING btree ("quote_date","price_fen");--> statement-breakpoint
CREATE INDEX "quotations_date_change_idx" ON "quotations" USING btree ("quote_date","change_fen");