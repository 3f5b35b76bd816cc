-- The audit log is append-only (issue 26 item 10): no UPDATE or DELETE of a row, whoever tries (the app, a script,
-- psql). Only what the foreign keys themselves do is let through: a brand's deletion takes its rows with it (the
-- brand is already gone when its rows go), and a deleted staff user or branch leaves the row with a null link and
-- nothing else changed. The same SQL is in apps/api/src/db/schema/audit.ts's comment.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM brands WHERE id = OLD.brand_id) THEN
      RETURN OLD;
    END IF;
  ELSIF (to_jsonb(NEW) - 'staff_user_id' - 'branch_id') = (to_jsonb(OLD) - 'staff_user_id' - 'branch_id')
    AND (NEW.staff_user_id IS NOT DISTINCT FROM OLD.staff_user_id OR NEW.staff_user_id IS NULL)
    AND (NEW.branch_id IS NOT DISTINCT FROM OLD.branch_id OR NEW.branch_id IS NULL) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW
  EXECUTE FUNCTION audit_log_append_only();
