-- Custom (docs/adr/0720): the member bitmaps start empty, so every brand's roll-ups are redone from its first row
-- by the catch-up job's next pass (it starts a brand without state from its first order, ledger row, draw …).
DELETE FROM "report_rollup_state";
