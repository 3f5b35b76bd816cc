import { orderSchema } from '@sufra/shared/schemas/order';
import {
  type PunchCard,
  type PunchProgrammeBody,
  punchCardsResponse,
  staffPunchProgrammeSchema,
  staffPunchProgrammesResponse,
} from '@sufra/shared/schemas/punch-cards';
import type { Caller } from './accounts.ts';
import { UUID } from './fixture-brands.ts';
import { type MenuIds, placeOrder } from './orders.ts';

/**
 * Punch card fixtures (issue 16): programmes are made through the managers' API, as a manager would, so the tests
 * that need one create it and the other suites' diners are never punched by surprise.
 */
export async function createProgramme(manager: Caller, body: Partial<PunchProgrammeBody> & { rewardName: string }) {
  const list = staffPunchProgrammesResponse.parse((await manager.call('GET', '/api/staff/punch-programmes/')).json());
  const reward = list.rewards.find((r) => r.name.en === body.rewardName);
  if (!reward) throw new Error(`no reward ${body.rewardName}`);
  const { rewardName: _, ...rest } = body;
  const res = await manager.call('POST', '/api/staff/punch-programmes/', {
    name: { ar: 'بطاقة الكبسة', en: 'Kabsa card' },
    itemsCount: 4,
    daysToComplete: 30,
    ...rest,
    rewardId: reward.id,
  });
  if (res.statusCode !== 201) throw new Error(`programme ${res.statusCode}: ${res.body}`);
  return staffPunchProgrammeSchema.parse(res.json());
}

/** A cash pickup order at brand A's main branch: small kabsas, and other items by slug. */
export async function orderOf(c: Caller, ids: MenuIds, lines: { slug: string; quantity: number }[]) {
  const res = await placeOrder(c, UUID.aMain, {
    orderType: 2,
    paymentMethod: 'cash',
    lines: lines.map(({ slug, quantity }) => ({
      kind: 'product',
      itemId: ids.item(slug),
      quantity,
      ...(slug === 'kabsa' || slug === 'burger' ? { modifiers: [ids.option('Size', 'Small')] } : {}),
    })),
  });
  if (res.statusCode !== 201) throw new Error(`order ${res.statusCode}: ${res.body}`);
  return orderSchema.parse(res.json());
}

/** Moves an order through the kitchen to handed over (the `completed` moment), as the cashier does. */
export async function completeOrder(cashier: Caller, id: number) {
  for (const to of ['sent_to_kitchen', 'ready', 'delivered']) {
    const res = await cashier.call('PATCH', `/api/staff/orders/${id}/status/`, { to });
    if (res.statusCode !== 200) throw new Error(`${to} ${res.statusCode}: ${res.body}`);
  }
}

/** The diner's cards as the API answers them. */
export async function cardsOf(c: Caller, uuid = UUID.aMain): Promise<PunchCard[]> {
  const res = await c.call('GET', `/api/loyalty/${uuid}/punch-cards/`);
  if (res.statusCode !== 200) throw new Error(`cards ${res.statusCode}: ${res.body}`);
  return punchCardsResponse.parse(res.json()).cards;
}
