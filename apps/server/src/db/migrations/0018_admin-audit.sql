ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "action" SET DATA TYPE varchar(50);--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "request_id" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
-- Hand-written: the audit log is append-only. UPDATE and DELETE raise, for the application
-- too. TRUNCATE stays possible on purpose: `seed --reset` (resetDemo) empties every domain
-- table of a demo or test database with one TRUNCATE.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
