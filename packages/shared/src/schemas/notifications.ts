import { z } from 'zod';

/**
 * The diner's in-app inbox (issue 28 item 4; the spec's `notifications` state).
 *   GET  /api/notifications/{uuid}/            → 200 notificationListResponse (newest first, the last 50, and the unread count)
 *   POST /api/notifications/{uuid}/read/       notificationReadBody → 200 { unread } (another diner's id → 404)
 * Written by the order lifecycle's reactions in the transaction of the change (status moves, points earned) and where a
 * reward or prize is issued. The text is the web's (locale files) from `kind` and `params`, in the diner's language.
 */
export const NOTIFICATION_KINDS = ['order_status', 'points_earned', 'reward_unlocked', 'prize_won'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  orderId: z.number().int().nullable(),
  /** order_status: number, status, reason?, declineReason? (DECLINE_REASONS), readyInMinutes?; points_earned: number, points; reward_unlocked / prize_won: rewardAr, rewardEn. */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  read: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type DinerNotification = z.infer<typeof notificationSchema>;

export const notificationListResponse = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number().int(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponse>;

/** `ids`: these (the diner's own); absent: every unread one. */
export const notificationReadBody = z.object({
  ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(100).optional(),
});

export const notificationReadResponse = z.object({ unread: z.number().int() });
