-- A lot's product, material and thickness go together (Q355B 20 mm is 中厚板): without these
-- statistics the planner multiplies their selectivities, expects a handful of rows where there
-- are thousands, and sorts them all instead of walking the material-thickness-time index.
CREATE STATISTICS IF NOT EXISTS "cargo_product_material_thickness_stats" (dependencies, mcv) ON "product_id", "material_id", "thickness" FROM "cargo";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "surplus_product_material_thickness_stats" (dependencies, mcv) ON "product_id", "material_id", "thickness" FROM "surplus";--> statement-breakpoint
ANALYZE "cargo";--> statement-breakpoint
ANALYZE "surplus";
