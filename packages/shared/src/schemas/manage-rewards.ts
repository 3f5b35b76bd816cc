import { z } from 'zod';
import { REWARD_KINDS, REWARD_SHOPS } from '../loyalty/rewards.ts';
import { boundedDateTime, DB_INT_MAX, dbId } from './common.ts';

/** The console's points shop and prize shop catalogues (issue 27 item 3), `/api/staff/manage/rewards/...`. */

export const REWARD_CATALOGUE_STATUSES = ['active', 'retired'] as const;
export type RewardCatalogueStatus = (typeof REWARD_CATALOGUE_STATUSES)[number];

/** A reward photo this API stored (`POST /staff/manage/rewards/images/`). */
export const REWARD_IMAGE_PATH = '/api/rewards/images/';
const rewardImage = z
  .string()
  .max(300)
  .regex(/^\/api\/rewards\/images\/[a-z0-9-]+\.jpg$/);

const count = z.number().int().min(0).max(1_000_000);

export const manageRewardsQuery = z.object({
  shop: z.enum(REWARD_SHOPS).default('points'),
  status: z.enum(REWARD_CATALOGUE_STATUSES).default('active'),
});
export type ManageRewardsQuery = z.infer<typeof manageRewardsQuery>;

/**
 * A reward as the editor saves it. The kind's own fields: `free_item` names `itemId` (its required choices are the
 * diner's to pick, docs/adr/0121), `percent` its `percentBasisPoints` (1..10000) and optional cap, `fixed` its
 * `amountHalalas`, `gift` (a custom perk redeemed at the counter) none; the others are null.
 */
export const rewardBody = z.object({
  shop: z.enum(REWARD_SHOPS),
  kind: z.enum(REWARD_KINDS),
  nameAr: z.string().trim().min(1).max(120),
  nameEn: z.string().trim().min(1).max(120),
  descriptionAr: z.string().trim().max(500),
  descriptionEn: z.string().trim().max(500),
  image: rewardImage.nullable(),
  /** null: not for sale (a prize only won or granted); required in the points shop. */
  pointsCost: z.number().int().min(1).max(10_000_000).nullable(),
  itemId: dbId.nullable(),
  percentBasisPoints: z.number().int().min(1).max(10_000).nullable(),
  maxDiscountHalalas: z.number().int().min(1).max(100_000_000).nullable(),
  amountHalalas: z.number().int().min(1).max(100_000_000).nullable(),
  /** Days an owned copy stays valid after it is bought or won; null: until used. */
  validDays: z.number().int().min(1).max(3650).nullable(),
  /** null: every branch of the brand (owner only). */
  branchIds: z
    .array(dbId)
    .min(1)
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, 'repeated branch')
    .nullable(),
  /** Copies the shops may sell; null: no limit. */
  stock: count.nullable(),
  activeFrom: boundedDateTime.nullable(),
  activeUntil: boundedDateTime.nullable(),
  position: z.number().int().min(0).max(9999),
});
export type RewardBody = z.infer<typeof rewardBody>;

export const rewardUpdateBody = rewardBody.extend({ version: z.number().int().min(1).max(DB_INT_MAX) });
export type RewardUpdateBody = z.infer<typeof rewardUpdateBody>;

export const retireRewardBody = z.object({ version: z.number().int().min(1).max(DB_INT_MAX) });

export const manageReward = rewardBody.extend({
  id: z.number().int(),
  image: z.string().nullable(),
  stock: z.number().int().nullable(),
  activeFrom: z.string().nullable(),
  activeUntil: z.string().nullable(),
  /** false: retired (off the shops; copies diners own keep working). */
  active: z.boolean(),
  /** Copies sold so far: the stock's floor. */
  issuedCount: z.number().int(),
  /** Copies diners own now (bought, won or granted). */
  ownedCount: z.number().int(),
  version: z.number().int(),
  /** May this user change it (a manager only the rewards limited to their branches). */
  editable: z.boolean(),
});
export type ManageReward = z.infer<typeof manageReward>;

export const manageRewardsResponse = z.object({ rewards: z.array(manageReward) });
export type ManageRewardsResponse = z.infer<typeof manageRewardsResponse>;

export const rewardImageResponse = z.object({ path: z.string(), width: z.number().int(), height: z.number().int() });
export type RewardImageResponse = z.infer<typeof rewardImageResponse>;
