import { z } from 'zod';
import { ZONE_MAX_POINTS } from '../geo/zone-polygon.ts';
import { PREPARATION_LIMITS } from '../order-times.ts';
import { deliveryZoneSummary } from './branch.ts';
import { dbIdParam, latLng } from './common.ts';

/**
 * The console's branches and delivery zones (issue 26 items 4 and 5): what an owner or a manager reads and saves at
 * /api/staff/manage/branches/…. Times are the branch's wall clock, HH:MM (24:00 = the end of the day).
 */
const clock = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/);
const name = z.string().trim().min(1).max(80);
const address = z.string().trim().max(200);

export const manageOpeningSpan = z.object({ day: z.number().int().min(0).max(6), opens: clock, closes: clock });
export const manageSpecialDay = z.object({
  date: z.iso.date(),
  ranges: z.array(z.object({ opens: clock, closes: clock })).max(6),
});

/** A branch's preparation time (issue 28 item 3): base minutes for every order plus minutes per item. */
export const managePreparation = z.object({
  baseMinutes: z.number().int().min(PREPARATION_LIMITS.baseMinutes.min).max(PREPARATION_LIMITS.baseMinutes.max),
  perItemMinutes: z
    .number()
    .int()
    .min(PREPARATION_LIMITS.perItemMinutes.min)
    .max(PREPARATION_LIMITS.perItemMinutes.max),
});

export const branchManageBody = z.object({
  name: z.object({ ar: name, en: name }),
  address: z.object({ ar: address, en: address }),
  phone: z.string().trim().max(20).nullable(),
  location: latLng,
  /** An IANA time zone the server knows (Intl.supportedValuesOf('timeZone')). */
  timeZone: z.string().min(1).max(64),
  openingHours: z.array(manageOpeningSpan).max(42),
  specialDays: z.array(manageSpecialDay).max(60),
  orderTypes: z.object({ dineIn: z.boolean(), pickup: z.boolean(), delivery: z.boolean() }),
  dineInRadiusMeters: z.number().int().min(10).max(5000),
  /** The manual switch: off closes the branch whatever its hours say. */
  isOpen: z.boolean(),
  paymentMethods: z.object({ cash: z.boolean(), card: z.boolean() }),
  /** Absent: a new branch takes DEFAULT_PREPARATION, an edit keeps the branch's (clients from before issue 28). */
  preparation: managePreparation.optional(),
});
export type BranchManageBody = z.infer<typeof branchManageBody>;

/** An edit names the version it was made from; a newer one in the database answers 409 with both values. */
export const branchManageUpdateBody = branchManageBody.extend({ version: z.number().int().min(1).max(2_147_483_647) });
export type BranchManageUpdateBody = z.infer<typeof branchManageUpdateBody>;

export const zoneManageBody = z.object({
  name: z.object({ ar: name, en: name }),
  feeHalalas: z.number().int().min(0).max(100_000),
  minimumOrderHalalas: z.number().int().min(0).max(1_000_000),
  estimatedMinutes: z.number().int().min(1).max(600).nullable(),
  priority: z.number().int().min(-1000).max(1000),
  /** One outline ring of [lng, lat] positions, closed; the server checks it (zonePolygonProblem). */
  geometry: z.object({
    type: z.literal('Polygon'),
    coordinates: z
      .array(z.array(z.array(z.number()).max(3)).max(ZONE_MAX_POINTS + 2))
      .min(1)
      .max(1),
  }),
});
export type ZoneManageBody = z.infer<typeof zoneManageBody>;

export const manageZone = deliveryZoneSummary.extend({
  branchId: z.number().int(),
  priority: z.number().int(),
  estimatedMinutes: z.number().int().nullable(),
});
export type ManageZone = z.infer<typeof manageZone>;

export const manageBranch = branchManageBody.extend({
  preparation: managePreparation,
  id: z.number().int(),
  brandId: z.number().int(),
  isMain: z.boolean(),
  version: z.number().int(),
  /** As diners see it now: open or closed (and why), and when that changes next (ISO instant, null = not this week). */
  status: z.object({
    open: z.boolean(),
    closedBy: z.enum(['staff', 'hours']).nullable(),
    changesAt: z.string().nullable(),
  }),
  zones: z.array(manageZone),
});
export type ManageBranch = z.infer<typeof manageBranch>;

export const manageBranchList = z.object({
  branches: z.array(manageBranch),
  /** Owners create branches; managers edit their own. */
  canCreate: z.boolean(),
});
export type ManageBranchList = z.infer<typeof manageBranchList>;

export const branchZoneParams = z.object({ id: dbIdParam, zoneId: dbIdParam });
