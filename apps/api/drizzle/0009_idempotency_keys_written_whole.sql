-- Placement now writes a key only with its order and response (one statement): a key without a response was
-- claimed by a request of the previous version that never finished. No order was written for it; free the key.
DELETE FROM "idempotency_keys" WHERE "response_status" IS NULL;
