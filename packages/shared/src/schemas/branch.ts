import { z } from 'zod';
import { latLng, localizedText } from './common.ts';

/** Opening hours: one row per opening span, in the branch's own time zone. `closes` may pass midnight (e.g. 12:00–02:00). */
export const openingSpan = z.object({
  day: z.number().int().min(0).max(6), // 0 = Sunday
  opens: z.string().regex(/^\d{2}:\d{2}$/),
  closes: z.string().regex(/^\d{2}:\d{2}$/),
});
export type OpeningSpan = z.infer<typeof openingSpan>;

/** One opening range of a special day; `closes` not after `opens` passes midnight, as in the week's hours. */
export const openingRange = z.object({
  opens: z.string().regex(/^\d{2}:\d{2}$/),
  closes: z.string().regex(/^\d{2}:\d{2}$/),
});
export type OpeningRange = z.infer<typeof openingRange>;

/** A holiday or special day: on `date` (the branch's local date) these ranges replace the week's; none = closed. */
export const specialDay = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  ranges: z.array(openingRange).max(6),
});
export type SpecialDay = z.infer<typeof specialDay>;

export const deliveryZoneSummary = z.object({
  id: z.number().int(),
  name: localizedText,
  feeHalalas: z.number().int(),
  minimumOrderHalalas: z.number().int(),
  /** Where zones overlap, the highest priority containing the address serves it (then the lowest id). */
  priority: z.number().int().optional(),
  /** Estimated delivery time in minutes, when the branch gives one. */
  estimatedMinutes: z.number().int().nullable().optional(),
  /** GeoJSON Polygon or MultiPolygon geometry. */
  geometry: z.object({ type: z.enum(['Polygon', 'MultiPolygon']), coordinates: z.array(z.any()) }),
});

export const branchSchema = z.object({
  id: z.number().int(),
  brandId: z.number().int(),
  name: localizedText,
  address: localizedText,
  phone: z.string().nullable(),
  location: latLng,
  timeZone: z.string(),
  openingHours: z.array(openingSpan),
  /** Holidays and special days (the branch's local dates); the status below already counts them. */
  specialDays: z.array(specialDay).optional(),
  /** Computed by the server from the opening hours in the branch's time zone, and the manual switch. */
  status: z.enum(['open', 'closed']),
  /**
   * Why a closed branch is closed (issue 24 item 4): `staff` paused it by hand (the manual switch), or `hours` (outside
   * its opening hours); null when open. Diners are told which before they try to order.
   */
  closedBy: z.enum(['staff', 'hours']).nullable(),
  isMain: z.boolean(),
  /** Orders go to a POS (Foodics) as well as the order board. */
  integrated: z.boolean(),
  dineInRadiusMeters: z.number().int(),
  orderTypes: z.object({ dineIn: z.boolean(), pickup: z.boolean(), delivery: z.boolean() }),
  deliveryZones: z.array(deliveryZoneSummary),
  /** Preparation time (issue 28 item 3), for the checkout's estimate: base minutes plus minutes per item. */
  preparation: z.object({ baseMinutes: z.number().int(), perItemMinutes: z.number().int() }).optional(),
});
export type Branch = z.infer<typeof branchSchema>;

export const branchListResponse = z.object({ branches: z.array(branchSchema) });
export type BranchListResponse = z.infer<typeof branchListResponse>;

export const mainBranchQuery = z.object({
  /** A QR uuid picks the brand; without it the brand comes from the request's host, then the default brand. */
  uuid: z.uuid().optional(),
});
