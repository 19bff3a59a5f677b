ALTER TABLE "index_days" ADD COLUMN "source" varchar(8) DEFAULT 'quotes' NOT NULL;--> statement-breakpoint
ALTER TABLE "index_days" ADD COLUMN "provisional" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written, after the generated columns it fills (not at the top: the columns must exist).
-- Days stored before method 2.0 were priced without the hierarchy (a thin day took the
-- warehouses' level): they are provisional until the job recomputes them
-- (POST /api/admin/index/recompute over the history), and a day without samples was carried.
UPDATE "index_days" SET "provisional" = true, "source" = CASE WHEN "sample_count" = 0 THEN 'carried' ELSE 'quotes' END;
