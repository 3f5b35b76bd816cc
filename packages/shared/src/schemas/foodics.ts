import { z } from 'zod';
import { localizedText } from './common.ts';

/**
 * The Foodics hand-off as staff see it (issue 28 item 1):
 *
 *   GET  /api/staff/manage/foodics/orders/?state=&branchId=&limit=  owner: the brand's; manager: their branches'
 *        state: queued | sent | dead | handled, or `waiting` (sent, still Pending at Foodics past the alert minutes)
 *   POST /api/staff/manage/foodics/orders/{orderId}/retry/          a dead letter queued again → 200
 *   POST /api/staff/manage/foodics/orders/{orderId}/handled/        a dead letter settled by hand → 200
 *   POST /api/foodics/webhooks/{secret}                             Foodics' webhooks: always 200
 *
 * The brand's connection (docs/adr/0650), owners only:
 *   GET    /api/staff/manage/foodics/connection/                    → foodicsConnectionView
 *   POST   /api/staff/manage/foodics/connection/authorize/          → { url }: Foodics' page allowing the app
 *   GET    /api/staff/manage/foodics/connection/callback/?code&state  Foodics' redirect → 302 to the console page
 *   DELETE /api/staff/manage/foodics/connection/                    → { connected: false }
 */
export const FOODICS_HAND_OFF_STATES = ['queued', 'sent', 'dead', 'handled'] as const;

export const foodicsHandOffQuery = z.object({
  state: z.enum([...FOODICS_HAND_OFF_STATES, 'waiting']).optional(),
  branchId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type FoodicsHandOffQuery = z.infer<typeof foodicsHandOffQuery>;

export const foodicsHandOffSchema = z.object({
  orderId: z.number().int(),
  number: z.number().int(),
  branchId: z.number().int(),
  branchName: localizedText,
  state: z.enum(FOODICS_HAND_OFF_STATES),
  /** Failed tries (a 429 is not one). */
  failures: z.number().int(),
  lastError: z.string().nullable(),
  foodicsOrderId: z.string().nullable(),
  /** Foodics' status as last seen: 1 Pending, 2 Active, 3 Declined, 4 Closed, 5 Returned, 6 Joined, 7 Void, 8 Draft. */
  foodicsStatus: z.number().int().nullable(),
  sentAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
});
export const foodicsHandOffList = z.object({ handOffs: z.array(foodicsHandOffSchema) });
export type FoodicsHandOffList = z.infer<typeof foodicsHandOffList>;

export const foodicsOrderParams = z.object({ orderId: z.coerce.number().int().positive().max(2_147_483_647) });
export const foodicsSettleResponse = z.object({
  orderId: z.number().int(),
  state: z.enum(FOODICS_HAND_OFF_STATES),
});
export const foodicsWebhookParams = z.object({ secret: z.string().min(1).max(200) });
export const foodicsWebhookResponse = z.object({ ok: z.literal(true) });

export const foodicsConnectionView = z.object({
  connected: z.boolean(),
  /** oauth: the brand's own tokens (an owner connected it here); token: the server's FOODICS_ACCESS_TOKEN. */
  via: z.enum(['oauth', 'token']).nullable(),
  businessName: z.string().nullable(),
  businessReference: z.number().int().nullable(),
  connectedAt: z.iso.datetime().nullable(),
  /** Whether this server can connect a brand through Foodics' sign-in (FOODICS_CLIENT_ID and the rest set). */
  oauthAvailable: z.boolean(),
});
export type FoodicsConnectionView = z.infer<typeof foodicsConnectionView>;
export const foodicsAuthorizeResponse = z.object({ url: z.url() });
export const foodicsCallbackQuery = z.object({
  code: z.string().min(1).max(2000).optional(),
  state: z.string().min(1).max(2000).optional(),
  /** Foodics' refusal (the owner said no). */
  error: z.string().max(200).optional(),
});
export const foodicsDisconnectResponse = z.object({ connected: z.literal(false) });
/** What the console page is told after the callback (`?foodics=`). */
export const FOODICS_CALLBACK_OUTCOMES = ['connected', 'refused', 'state_invalid', 'failed'] as const;
