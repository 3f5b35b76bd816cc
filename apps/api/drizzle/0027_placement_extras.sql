-- The day's checkout spends moved onto the customer row (0026): today's, as the ledger holds them, in the brand's
-- loyalty time zone (the start of the local day, as loyalty.service startOfDay computes it).
UPDATE "customers" c SET
  "redeem_day_start" = d.since,
  "redeem_day_points" = d.points,
  "redeem_day_count" = d.n
FROM (
  SELECT l."customer_id", s.since, (-sum(l."points"))::integer AS points, count(*)::integer AS n
  FROM "points_ledger" l
  JOIN "loyalty_rules" r ON r."brand_id" = l."brand_id"
  CROSS JOIN LATERAL (
    SELECT (date_trunc('day', now() AT TIME ZONE r."time_zone") AT TIME ZONE r."time_zone") AS since
  ) s
  WHERE l."kind" = 'redeem' AND l."created_at" >= s.since
  GROUP BY l."customer_id", s.since
) d
WHERE c."id" = d."customer_id";
--> statement-breakpoint
-- Placement's statement folds the points spent at checkout and a coupon's use into its own write (placement.repo):
-- their conditional updates run before the branch's counter is taken, and when any of them finds a limit reached
-- this stops the statement (nothing written) so the batch is written again the careful way, which says which
-- write to refuse and why. Returns true so it can sit in a WHERE.
CREATE FUNCTION "placement_extras_held"(held boolean) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF held IS NOT TRUE THEN
    RAISE EXCEPTION 'a placement extra was refused' USING ERRCODE = 'SU001';
  END IF;
  RETURN true;
END
$$;
