CREATE INDEX "cargo_weight_idx" ON "cargo" USING btree ("weight_kg");--> statement-breakpoint
CREATE INDEX "surplus_weight_idx" ON "surplus" USING btree ("weight_kg");