import type { NotificationListResponse } from '@sufra/shared/schemas/notifications';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/client.ts';
import type { CustomerPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { countUnread, insertRewardNotification, listNotifications, markRead } from './inbox.repo.ts';

/** The inbox shows the newest this many. */
const INBOX_SIZE = 50;

export interface InboxService {
  list(customer: CustomerPrincipal): Promise<NotificationListResponse>;
  /** `ids` absent: every unread one. Another diner's id (or an unknown one) answers 404 and marks nothing. */
  markRead(customer: CustomerPrincipal, ids: number[] | undefined): Promise<{ unread: number }>;
}

export function createInboxService(ctx: AppContext): InboxService {
  const { db } = ctx;
  return {
    async list(customer) {
      const [rows, unread] = await Promise.all([
        listNotifications(db, customer.id, customer.brandId, INBOX_SIZE),
        countUnread(db, customer.id, customer.brandId),
      ]);
      return {
        notifications: rows.map((r) => ({
          id: r.id,
          kind: r.kind as NotificationListResponse['notifications'][number]['kind'],
          orderId: r.orderId,
          params: r.params,
          read: r.readAt !== null,
          createdAt: r.createdAt.toISOString(),
        })),
        unread,
      };
    },
    async markRead(customer, ids) {
      const wanted = ids === undefined ? 'all' : [...new Set(ids)];
      return db.transaction(async (tx) => {
        const found = await markRead(tx, customer.id, customer.brandId, wanted, ctx.now());
        if (wanted !== 'all' && found.length !== wanted.length) throw new AppError('notification_not_found');
        return { unread: await countUnread(tx, customer.id, customer.brandId) };
      });
    },
  };
}

/**
 * Tells a diner of a reward issued to them (a filled punch card, a manager's grant) or a prize won, in the
 * transaction that issues it. A reward bought in the shop is the diner's own doing: nothing to tell.
 */
export async function notifyRewardIssued(
  tx: Queryable,
  issued: { brandId: number; customerId: number; rewardId: number; source: string; createdAt?: Date | undefined },
): Promise<void> {
  if (issued.source === 'purchase') return;
  await insertRewardNotification(tx, {
    brandId: issued.brandId,
    customerId: issued.customerId,
    kind: issued.source === 'prize' ? 'prize_won' : 'reward_unlocked',
    rewardId: issued.rewardId,
    at: issued.createdAt ?? new Date(),
  });
}
