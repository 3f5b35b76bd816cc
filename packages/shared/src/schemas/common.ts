import { z } from 'zod';
import { ORDER_TYPES } from '../order-types.ts';
import { SERVICES } from '../services.ts';

export const localizedText = z.object({ ar: z.string(), en: z.string() });
export type LocalizedText = z.infer<typeof localizedText>;

/** QR codes are uuids; anything else is refused before it reaches the database. */
export const qrUuid = z.uuid();
export const uuidParams = z.object({ uuid: qrUuid });
export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

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
