/**
 * The points shop's purchase and the cashier's redemption, each one statement (one round trip): checks, reads and
 * writes folded together, so each is kept whole as one SQL statement; what is around it only reads its answer.
 */
import { REWARD_CLAIM_CONDITIONS, type RewardClaimCondition, type RewardShop } from '@sufra/shared/loyalty/rewards';
import { type SQL, sql } from 'drizzle-orm';
import type { RowsScope, RowsSql } from '../../core/checkout-statement.repo.ts';
import { brandContextVersionSql } from '../../core/qr-context.repo.ts';
import { sessionLiveSql } from '../../core/sessions.repo.ts';
import type { Queryable } from '../../db/client.ts';
import { authSessions } from '../../db/schema/auth.ts';
import { branches } from '../../db/schema/branches.ts';
import { customers } from '../../db/schema/customers.ts';
import { customerRewards, pointsLedger, rewards } from '../../db/schema/loyalty.ts';
import type { CustomerRewardRow, OwnedRewardRow, RewardRow } from './rewards.repo.ts';

/** Where the claim conditions read their facts: an owned reward's row, its reward's row, the branch and the time. */
export interface ClaimFacts {
  owned: SQL;
  reward: SQL;
  branchId: SQL;
  at: SQL;
}

/** Each of the shared claim conditions (REWARD_CLAIM_CONDITIONS) in SQL: a condition without its SQL is a type error. */
const CLAIM_CONDITION_SQL: Record<RewardClaimCondition, (f: ClaimFacts) => SQL> = {
  unclaimed: (f) => sql`${f.owned}.claimed_at is null`,
  not_expired: (f) => sql`(${f.owned}.expires_at is null or ${f.owned}.expires_at > ${f.at})`,
  valid_from_passed: (f) => sql`${f.owned}.valid_from <= ${f.at}`,
  allowed_at_branch: (f) => sql`(${f.reward}.branch_ids is null or ${f.branchId} = any(${f.reward}.branch_ids))`,
};

/** Whether an owned reward may be claimed: every shared claim condition, as the claiming statements write it. */
export function rewardClaimableSql(facts: ClaimFacts): SQL {
  return sql`(${sql.join(
    REWARD_CLAIM_CONDITIONS.map((c) => CLAIM_CONDITION_SQL[c.holds](facts)),
    sql` and `,
  )})`;
}

/**
 * The refusal the shared rule (rewardRefusal) gives, in SQL built from the same list: the first condition that does
 * not hold, or null. reward-claim-conditions.test runs it and the shared function over the same cases on the database.
 */
export function rewardClaimRefusalSql(facts: ClaimFacts): SQL {
  const cases = REWARD_CLAIM_CONDITIONS.map(
    (c) => sql`when not ${CLAIM_CONDITION_SQL[c.holds](facts)} then ${c.refusal}`,
  );
  return sql`(case ${sql.join(cases, sql` `)} else null end)`;
}

/** The column a write using a reward carries into the placement statement (order-rewards orderRewardExtra). */
export const REWARD_COLUMNS = { reward_id: 'int' } as const;

/**
 * The rewards used in a placement batch's orders, claimed in its statement (order-rewards orderRewardExtra): each
 * reward once (a reward named twice goes to the first write), with its order's branch and id and no staff user, only
 * while the shared claim conditions hold (rewardClaimableSql). Held when every write's reward was claimed.
 */
export function rewardClaimsForOrders({ placed, at, branchId }: RowsScope<keyof typeof REWARD_COLUMNS>): RowsSql {
  const p = placed.c;
  return {
    ctes: sql`reward_firsts as (
        select distinct on (${p.reward_id}) ${p.reward_id} as owned_id, ${p.customer_id} as customer_id,
          ${p.brand_id} as brand_id, ${p.order_id} as order_id
        from ${placed.from} where ${p.reward_id} is not null order by ${p.reward_id}, ${p.ord}
      ), reward_claims as (
        update ${customerRewards} cr
        set claimed_at = ${at}, claimed_branch_id = ${branchId}, claimed_order_id = f.order_id
        from reward_firsts f, ${rewards} r
        where cr.id = f.owned_id and cr.customer_id = f.customer_id and cr.brand_id = f.brand_id and r.id = cr.reward_id
          and ${rewardClaimableSql({ owned: sql.raw('cr'), reward: sql.raw('r'), branchId, at })}
        returning cr.id
      )`,
    held: sql`(select count(*) from reward_claims) = (select count(*) from ${placed.from} where ${p.reward_id} is not null)`,
  };
}

/** Column names in camelCase, worked out once each (the regular expression per key showed in the CPU profile). */
const camelNames = new Map<string, string>();
function camelOf(key: string): string {
  let camel = camelNames.get(key);
  if (camel === undefined) {
    camel = key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    camelNames.set(key, camel);
  }
  return camel;
}

/** A row read as `to_jsonb(table)` (snake_case keys, timestamps as text) back into drizzle's row shape. */
function fromJsonRow<T>(json: Record<string, unknown>, dates: readonly string[]): T {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(json)) {
    const camel = camelOf(key);
    row[camel] = dates.includes(camel) && typeof value === 'string' ? new Date(value) : value;
  }
  return row as T;
}
const OWNED_DATES = ['validFrom', 'expiresAt', 'claimedAt', 'createdAt'] as const;

/** What the redemption's statement says: what was found, and whether the claim was made. */
export type Redemption =
  | { found: false }
  | (OwnedRewardRow & {
      found: true;
      phone: string;
      customerName: string;
      claimed: boolean;
      branchName: { ar: string; en: string };
    });

/** The redemption statement's one row (the owned reward before and after the claim, as jsonb). */
type RedemptionRow = {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reward: Record<string, unknown> | null;
  phone: string | null;
  full_name: string | null;
  name_ar: string | null;
  name_en: string | null;
};

/**
 * The cashier's redemption in one statement: the owned reward as it was (with its reward and its diner), and its
 * claim by a conditional update (the shared claim conditions, rewardClaimableSql), with the branch's names for the
 * answer. Who may redeem here is not this statement's business: the route's staff guard and the service's branch
 * scope check decided it before (docs/adr/0401). `claimed` false: the facts say why (or a concurrent claim won,
 * which the caller reads again). `found` false: no such reward for this diner and brand.
 */
export async function redeemOwnedReward(
  db: Queryable,
  id: number,
  where: { customerId: number; brandId: number },
  claim: { staffUserId: number; branchId: number; now: Date },
): Promise<Redemption> {
  const now = claim.now.toISOString();
  const result = await db.execute(sql`
    with found as (
      select cr.id, to_jsonb(cr) as owned, to_jsonb(r) as reward, c.phone, c.full_name
      from ${customerRewards} cr
      join ${rewards} r on r.id = cr.reward_id
      join ${customers} c on c.id = cr.customer_id
      where cr.id = ${id}::int and cr.customer_id = ${where.customerId}::int and cr.brand_id = ${where.brandId}::int
    ), claimed as (
      update ${customerRewards} cr
      set claimed_at = ${now}::timestamptz, claimed_by_staff_id = ${claim.staffUserId}::int,
        claimed_branch_id = ${claim.branchId}::int
      from found f
      where cr.id = f.id
        and exists (select 1 from ${rewards} r where r.id = cr.reward_id and ${rewardClaimableSql({
          owned: sql.raw('cr'),
          reward: sql.raw('r'),
          branchId: sql`${claim.branchId}::int`,
          at: sql`${now}::timestamptz`,
        })})
      returning to_jsonb(cr) as owned
    )
    select f.owned as before, cl.owned as after, f.reward, f.phone, f.full_name, b.name_ar, b.name_en
    from (select 1) one
    left join found f on true
    left join claimed cl on true
    left join ${branches} b on b.id = ${claim.branchId}::int`);
  const [row] = (result as unknown as { rows: RedemptionRow[] }).rows;
  if (!row?.before || !row.reward) return { found: false };
  return {
    found: true,
    owned: fromJsonRow<CustomerRewardRow>(row.after ?? row.before, OWNED_DATES),
    reward: fromJsonRow<RewardRow>(row.reward, ['activeFrom', 'activeUntil']),
    phone: row.phone ?? '',
    customerName: row.full_name ?? '',
    claimed: row.after !== null,
    branchName: { ar: row.name_ar ?? '', en: row.name_en ?? '' },
  };
}

/** What a purchase is asked for: the diner, the reward and its shop, a fresh code, and what the caller read. */
export interface PurchaseInput {
  brandId: number;
  customerId: number;
  rewardId: number;
  shop: RewardShop;
  code: string;
  at: Date;
  session: { familyId: string };
  contextVersion: number;
}

/**
 * A points-shop purchase in one statement (one round trip, no transaction around it): the reward's read, the
 * diner's session check (the guard's query, folded in) and whether the QR context the caller read is still its
 * brand's (`contextVersion`, as placement's write checks a kept context), then, only when all hold and the reward is
 * on sale in `shop`, the wallet's conditional move (stays ≥ 0), the owned reward with its code, and the `purchase`
 * ledger row naming it, each written only from the one before, so points are never taken without the reward or
 * the other way round. The answer says what held, for the caller's refusal; `written` undefined: nothing written.
 * A code taken in the brand fails the whole statement (unique violation; nothing written) for the caller to draw
 * another.
 */
export async function purchaseReward(
  db: Queryable,
  input: PurchaseInput,
): Promise<{
  sessionLive: boolean;
  contextCurrent: boolean;
  reward: RewardRow | undefined;
  written: { owned: CustomerRewardRow; walletPoints: number } | undefined;
}> {
  const at = input.at.toISOString();
  const result = await db.execute(sql`
    with r as (
      select * from ${rewards} where id = ${input.rewardId}::int and brand_id = ${input.brandId}::int
    ), held as (
      select exists (select 1 from ${authSessions} s join ${customers} c on c.id = s.subject_id
          and c.brand_id = ${input.brandId}::int
          where s.family_id = ${input.session.familyId}::uuid and s.subject_kind = 'customer'
            and s.subject_id = ${input.customerId}::int and ${sessionLiveSql('s', sql`${at}::timestamptz`)}
        ) as session_live,
        ${brandContextVersionSql(sql`${input.brandId}::int`)} = ${input.contextVersion}::int as context_current
    ), moved as (
      update ${customers} c set wallet_points = c.wallet_points - r.points_cost
      from r, held
      where c.id = ${input.customerId}::int and c.brand_id = ${input.brandId}::int and held.session_live
        and held.context_current and r.is_active and r.shop = ${input.shop} and r.points_cost is not null
        and (r.active_from is null or r.active_from <= ${at}::timestamptz)
        and (r.active_until is null or r.active_until > ${at}::timestamptz)
        and (r.stock is null or r.issued_count < r.stock)
        and c.wallet_points >= r.points_cost
      returning c.wallet_points, r.points_cost, r.valid_days
    ), sold as (
      -- The stock's count, from the row as it stands now: two buyers of the last copy both pass the snapshot's
      -- test above, and the second's increment breaks rewards_stock_check, failing its whole statement.
      update ${rewards} set issued_count = issued_count + 1
      from moved where ${rewards}.id = ${input.rewardId}::int
    ), owned as (
      insert into ${customerRewards} (brand_id, customer_id, reward_id, source, code, points_spent, valid_from,
        expires_at, created_at)
      select ${input.brandId}::int, ${input.customerId}::int, ${input.rewardId}::int, 'purchase', ${input.code},
        moved.points_cost, ${at}::timestamptz,
        ${at}::timestamptz + make_interval(secs => moved.valid_days * 86400), ${at}::timestamptz
      from moved
      returning id
    ), entry as (
      insert into ${pointsLedger} (brand_id, customer_id, kind, points, reason, customer_reward_id, created_at)
      select ${input.brandId}::int, ${input.customerId}::int, 'purchase', -moved.points_cost, 'reward_purchase',
        owned.id, ${at}::timestamptz
      from owned, moved
    )
    select held.session_live, held.context_current, (select to_jsonb(r) from r) as reward,
      (select wallet_points from moved) as wallet_points, (select id from owned) as owned_id
    from held`);
  const [row] = (
    result as unknown as {
      rows: {
        session_live: boolean;
        context_current: boolean;
        reward: Record<string, unknown> | null;
        wallet_points: number | null;
        owned_id: number | null;
      }[];
    }
  ).rows;
  if (!row) throw new Error('the purchase statement answered no row');
  const reward = row.reward ? fromJsonRow<RewardRow>(row.reward, ['activeFrom', 'activeUntil']) : undefined;
  const written =
    reward && row.owned_id !== null && row.wallet_points !== null && reward.pointsCost !== null
      ? {
          walletPoints: Number(row.wallet_points),
          owned: purchasedOwned(input, reward.pointsCost, reward, row.owned_id),
        }
      : undefined;
  return { sessionLive: Boolean(row.session_live), contextCurrent: Boolean(row.context_current), reward, written };
}

/** The owned reward the purchase statement wrote, as drizzle would have read it back (the statement answers its id). */
function purchasedOwned(
  input: PurchaseInput,
  pointsSpent: number,
  reward: RewardRow,
  ownedId: number,
): CustomerRewardRow {
  return {
    id: Number(ownedId),
    brandId: input.brandId,
    customerId: input.customerId,
    rewardId: input.rewardId,
    source: 'purchase',
    code: input.code,
    pointsSpent,
    validFrom: input.at,
    // The statement's expiry, to the millisecond: the time plus whole days of 86,400 s.
    expiresAt: reward.validDays === null ? null : new Date(input.at.getTime() + reward.validDays * 86_400_000),
    claimedAt: null,
    claimedByStaffId: null,
    claimedBranchId: null,
    claimedOrderId: null,
    grantedByStaffId: null,
    createdAt: input.at,
  };
}
