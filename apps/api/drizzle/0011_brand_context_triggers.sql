-- A brand's context version (brand_context_versions) is bumped when a change to what a QR code's context holds
-- commits: the brand row (its menu version included), its branches, QR codes, tables, payment choices and service
-- switches. Order placement caches QR contexts per process and its write checks this version (orders.repo).
--
-- The triggers are deferred to commit, and bump a row of their own table rather than the brand's: the bump is then
-- the transaction's last lock, taken when it holds every other, so it cannot close a cycle with a transaction that
-- locks the brand row and then a branch row (a lock on the brand row taken by a trigger mid-transaction could).
-- TG_ARGV[0] names the column holding the brand (or branch) id; TG_ARGV[1] is 'brand' or 'branch'.
CREATE FUNCTION "bump_brand_context"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  ids := array_remove(ARRAY[
    CASE WHEN TG_OP <> 'DELETE' THEN (to_jsonb(NEW) ->> TG_ARGV[0])::integer END,
    CASE WHEN TG_OP <> 'INSERT' THEN (to_jsonb(OLD) ->> TG_ARGV[0])::integer END
  ], NULL);
  IF TG_ARGV[1] = 'branch' THEN
    ids := ARRAY(SELECT b.brand_id FROM branches b WHERE b.id = ANY(ids));
  END IF;
  -- Only brands that still exist: a deleted brand's row went with it (on delete cascade).
  INSERT INTO brand_context_versions (brand_id, version)
  SELECT DISTINCT br.id, 1 FROM brands br WHERE br.id = ANY(ids)
  ON CONFLICT (brand_id) DO UPDATE SET version = brand_context_versions.version + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "brands_context_version" AFTER INSERT OR UPDATE OR DELETE ON "brands"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_brand_context('id', 'brand');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "branches_context_version" AFTER INSERT OR UPDATE OR DELETE ON "branches"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_brand_context('brand_id', 'brand');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "service_switches_context_version" AFTER INSERT OR UPDATE OR DELETE ON "service_switches"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_brand_context('brand_id', 'brand');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "qr_codes_context_version" AFTER INSERT OR UPDATE OR DELETE ON "qr_codes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_brand_context('branch_id', 'branch');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tables_context_version" AFTER INSERT OR UPDATE OR DELETE ON "tables"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_brand_context('branch_id', 'branch');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payment_choices_context_version" AFTER INSERT OR UPDATE OR DELETE ON "payment_choices"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_brand_context('branch_id', 'branch');
