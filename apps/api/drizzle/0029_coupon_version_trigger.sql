-- A coupon's version moves with any change to its terms, whoever makes it (the managers' API, a script, psql).
-- Placement keeps coupons per process and its write goes ahead only at the version it priced on
-- (docs/decisions.md, "Points and coupons folded into the placement statement"); before this trigger only the
-- managers' API moved it, so a coupon changed by hand was noticed only by the write's own checks, and a refusal
-- then read "used up" where it should have read "expired".
-- The counters (used_count, moved by every order and every give-back) and updated_at are not terms; a write that
-- moves the version itself is left as it is.
CREATE FUNCTION "bump_coupon_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "coupons_version" BEFORE UPDATE ON "coupons" FOR EACH ROW
  WHEN (
    NEW.version = OLD.version
    AND (to_jsonb(NEW) - 'used_count' - 'updated_at' - 'version')
      IS DISTINCT FROM (to_jsonb(OLD) - 'used_count' - 'updated_at' - 'version')
  )
  EXECUTE FUNCTION bump_coupon_version();
