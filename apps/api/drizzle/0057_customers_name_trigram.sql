-- The console's customer search by part of a name (docs/adr/0700): `full_name ilike '%…%'` read through a trigram
-- index instead of every diner of the brand. pg_trgm is in PostgreSQL's contrib (trusted: a database owner may
-- create it) and loaded into PGlite by db/client.ts. The same SQL is in the comment of
-- apps/api/src/db/schema/customer-order-stats.ts.
create extension if not exists pg_trgm;
--> statement-breakpoint
create index if not exists customers_name_trgm_idx on customers using gin (full_name gin_trgm_ops);
