import { z } from 'zod';
import { ORDER_TYPES } from '../order-types.ts';
import { SERVICES } from '../services.ts';

export const localizedText = z.object({ ar: z.string(), en: z.string() });
export type LocalizedText = z.infer<typeof localizedText>;

/** QR codes are uuids; anything else is refused before it reaches the database. */
export const qrUuid = z.uuid();
export const uuidParams = z.object({ uuid: qrUuid });

/**
 * The largest PostgreSQL `integer` (every id column): a number above it never reaches a query, where it would fail
 * as a 500 (issue 24 item 17). Every integer a request gives that ends in such a column uses dbId / dbIdParam; the
 * OpenAPI check (openapi-document.test.ts) fails on any request integer without this bound.
 */
export const DB_INT_MAX = 2_147_483_647;
/** A database id in a JSON body. */
export const dbId = z.number().int().positive().max(DB_INT_MAX);
/** A database id in a path or query string (text, coerced). */
export const dbIdParam = z.coerce.number().int().positive().max(DB_INT_MAX);
export const idParams = z.object({ id: dbIdParam });

/**
 * An instant with its offset, within what both sides store and show: 1970 to 9999 UTC. `0000-01-01T00:00:00Z` is
 * no PostgreSQL date, and `9999-12-31T23:59:59-23:59` is year 10000 in UTC, past what JavaScript writes back as ISO.
 */
export const boundedDateTime = z.iso.datetime({ offset: true }).refine((value) => {
  const time = Date.parse(value);
  return time >= 0 && time <= Date.UTC(9999, 11, 31, 23, 59, 59, 999);
});

export const halalas = z.number().int();
export const latLng = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });
export const orderTypeSchema = z.union([
  z.literal(ORDER_TYPES.dineIn),
  z.literal(ORDER_TYPES.pickup),
  z.literal(ORDER_TYPES.delivery),
]);
export const serviceSchema = z.enum(SERVICES);

/** Error body (DESIGN §9): the message is in the request's language. */
export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** Extra machine-readable context, e.g. the deactivated service. */
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** The error answers a route documents (OpenAPI), every one the same body: `errorResponses(400, 404)`. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorBody> {
  return Object.fromEntries(statuses.map((status) => [status, errorBody])) as Record<S, typeof errorBody>;
}

/**
 * A 2xx answer that is not JSON (a photo, an event stream), for the OpenAPI document: `{ 200: nonJsonResponse(…) }`.
 * The route sends a Buffer or writes the stream itself, so no serializer ever runs on it.
 */
export function nonJsonResponse(contentType: string, description: string) {
  return { description, content: { [contentType]: { schema: z.string() } } };
}
