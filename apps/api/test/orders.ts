import { priceCart } from '@sufra/shared/pricing/price-cart';
import { type MenuResponse, menuResponse } from '@sufra/shared/schemas/menu';
import type { PlaceOrderBody } from '@sufra/shared/schemas/order';
import { type Caller, caller, signIn } from './accounts.ts';
import type { TestApp } from './test-app.ts';

/** Ids of the fixture brand A's menu (looked up, never assumed). */
export interface MenuIds {
  menu: MenuResponse;
  item(slug: string): number;
  option(groupName: string, optionName: string): number;
  slot(comboSlug: string, slotName: string): number;
}

export async function menuIds(t: TestApp, uuid: string): Promise<MenuIds> {
  const menu = menuResponse.parse((await t.app.inject(`/api/menu/qr/${uuid}/?lang=en`)).json());
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`fixture has no ${what}`);
    return value;
  };
  return {
    menu,
    item: (slug) => need(menu.items.find((i) => i.slug === slug)?.id, slug),
    option: (groupName, optionName) =>
      need(
        menu.modifierGroups.find((g) => g.name === groupName)?.options.find((o) => o.name === optionName)?.id,
        `${groupName}/${optionName}`,
      ),
    slot: (comboSlug, slotName) =>
      need(
        menu.items.find((i) => i.slug === comboSlug)?.combo?.slots.find((s) => s.name === slotName)?.id,
        `${comboSlug}/${slotName}`,
      ),
  };
}

/** A signed-in diner (a fresh customer per phone). */
export async function diner(t: TestApp, uuid: string, phone: string, language = 'en'): Promise<Caller> {
  const c = caller(t, { language });
  const res = await signIn(t, c, uuid, phone, { fullName: `Diner ${phone}` });
  if (res.statusCode !== 200) throw new Error(`sign-in ${res.statusCode}: ${res.body}`);
  return c;
}

let keys = 0;
export function newKey(): string {
  keys += 1;
  // Letters between the numbers: the PCI scan reads digit runs joined by dashes as possible card numbers.
  return `test-key-p${process.pid}-t${Date.now()}-n${keys}`;
}

export function placeOrder(c: Caller, uuid: string, body: PlaceOrderBody | Record<string, unknown>, key = newKey()) {
  return c.call('POST', `/api/orders/${uuid}/`, body, { 'idempotency-key': key });
}

/** Turns one of the switches of a QR code's branch on or off, straight in the database. */
export async function setBranchSwitch(
  t: TestApp,
  uuid: string,
  column: 'integrated' | 'pickup' | 'delivery' | 'dine_in',
  on: boolean,
): Promise<void> {
  await t.database.query(
    `update branches set ${column} = $2 where id = (select branch_id from qr_codes where uuid = $1)`,
    [uuid, on],
  );
}

export { priceCart };
