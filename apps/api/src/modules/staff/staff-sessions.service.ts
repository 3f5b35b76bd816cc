import type { StaffSession } from '@sufra/shared/schemas/staff-sessions';
import type { AppContext } from '../../app-context.ts';
import { revokeFamily } from '../../core/sessions.repo.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordStaffChange } from '../audit/audit.service.ts';
import { liveStaffTokens } from './staff-sessions.repo.ts';

/**
 * A staff user's own sessions (issue 26 item 9), every role: a session is one sign-in (a refresh-token family);
 * its first live token is when it signed in, its newest when it was last used (each refresh writes one, so within
 * the access token's lifetime) and from which address and browser.
 */
export function createStaffSessionsService(ctx: AppContext) {
  const { db } = ctx;

  async function sessionsOf(staff: StaffPrincipal, tx = db): Promise<StaffSession[]> {
    const rows = await liveStaffTokens(tx, staff.id, ctx.now());
    const byFamily = new Map<string, StaffSession>();
    for (const row of rows) {
      const at = row.createdAt.toISOString();
      const seen = byFamily.get(row.familyId);
      if (seen) {
        // Rows come newest first: an older one only moves the sign-in time back.
        seen.signedInAt = at;
        continue;
      }
      byFamily.set(row.familyId, {
        id: row.familyId,
        signedInAt: at,
        lastUsedAt: at,
        ip: row.ip,
        userAgent: row.userAgent,
        current: row.familyId === staff.familyId,
      });
    }
    return [...byFamily.values()];
  }

  /** Ends these families of the caller in one transaction with its audit row. */
  async function end(staff: StaffPrincipal, ip: string | null, pick: (sessions: StaffSession[]) => StaffSession[]) {
    return db.transaction(async (tx) => {
      const ended = pick(await sessionsOf(staff, tx));
      const now = ctx.now();
      for (const session of ended) await revokeFamily(tx, session.id, now);
      if (ended.length > 0) {
        await recordStaffChange(tx, staff, ip, {
          brandId: staff.brandId,
          objectType: 'staff_user',
          objectId: staff.id,
          action: 'update',
          before: null,
          after: { sessionsEnded: ended.map((s) => ({ ip: s.ip, userAgent: s.userAgent, current: s.current })) },
          at: now,
        });
      }
      return ended.length;
    });
  }

  return {
    /** The caller's signed-in sessions, last used first, the one of this request marked current. */
    async list(staff: StaffPrincipal) {
      return { sessions: await sessionsOf(staff) };
    },

    /** Ends one of the caller's own live sessions (this one too: a sign-out); another's or an ended one is 404. */
    async endOne(staff: StaffPrincipal, ip: string | null, id: string): Promise<void> {
      const ended = await end(staff, ip, (sessions) => sessions.filter((s) => s.id === id));
      if (ended === 0) throw new AppError('staff_session_not_found');
    },

    /** Ends every live session of the caller but this one. */
    async endOthers(staff: StaffPrincipal, ip: string | null) {
      return { ended: await end(staff, ip, (sessions) => sessions.filter((s) => !s.current)) };
    },
  };
}
export type StaffSessionsService = ReturnType<typeof createStaffSessionsService>;
