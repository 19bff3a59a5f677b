DROP INDEX "cargo_thickness_width_idx";--> statement-breakpoint
CREATE INDEX "cargo_spec_time_idx" ON "cargo" USING btree ("thickness","width","updated_at","product_id","material_id","mill_id");