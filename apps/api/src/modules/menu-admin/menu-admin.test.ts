import { menuResponse } from '@sufra/shared/schemas/menu';
import { type AdminItem, adminItemSchema, adminMenuResponse } from '@sufra/shared/schemas/menu-admin';
import { orderSchema } from '@sufra/shared/schemas/order';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, placeOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const BASE = '/api/staff/manage/menu';

/** One file part named `photo`, as a browser's FormData sends it. */
function photoBody(bytes: Buffer, type = 'image/png', filename = 'dish.png') {
  const boundary = `----sufra${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="photo"; filename="${filename}"\r\ncontent-type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// 12:00 UTC = 15:00 in Riyadh, the fixture branches' zone.
const START = Date.parse('2026-11-28T12:00:00Z');

describe('the menu console', () => {
  let t: TestApp;
  let clock = START;
  let owner: Caller;
  let manager: Caller;
  let cashier: Caller;
  let otherBrand: Caller;
  let aMain: number;
  let aClosed: number;
  let bMain: number;
  let phones = 0;

  const branchOf = async (uuid: string) => {
    const [row] = await t.database.query<{ id: number }>('select branch_id as id from qr_codes where uuid = $1', [
      uuid,
    ]);
    if (!row) throw new Error('no qr');
    return row.id;
  };
  const signIn = async (who: { email: string; password: string }) => {
    const c = caller(t);
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const dinerMenu = async (uuid: string = UUID.aMain, lang = 'en') =>
    menuResponse.parse((await t.app.inject(`/api/menu/qr/${uuid}/?lang=${lang}`)).json());
  const overview = async (as: Caller) => {
    const res = await as.call('GET', `${BASE}/`);
    expect(res.statusCode, res.body).toBe(200);
    return adminMenuResponse.parse(res.json());
  };
  const itemBySlug = async (slug: string, as = owner): Promise<AdminItem> => {
    const found = (await overview(as)).items.find((i) => i.slug === slug);
    if (!found) throw new Error(`no ${slug}`);
    return found;
  };
  const bodyOf = (item: AdminItem) => ({
    categoryId: item.categoryId,
    name: item.name,
    description: item.description,
    priceHalalas: item.priceHalalas,
    taxRateBasisPoints: item.taxRateBasisPoints,
    calories: item.calories,
    allergens: item.allergens,
    active: item.active,
    modifierGroupIds: item.modifierGroupIds,
    comboSlots: item.comboSlots,
    version: item.version,
  });
  /** Items as a bulk action names them: with the version read. */
  const refs = (...items: AdminItem[]) => items.map((i) => ({ id: i.id, version: i.version }));
  const auditCount = async (objectType: string) =>
    Number(
      (
        await t.database.query<{ n: number }>('select count(*)::int as n from audit_log where object_type = $1', [
          objectType,
        ])
      )[0]?.n,
    );
  const setManagersEditMenu = (allowed: boolean) =>
    t.database.query('update brands set managers_edit_menu = $1 where slug = $2', [allowed, 'test-brand-a']);

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock) });
    owner = await signIn(STAFF.aOwner);
    manager = await signIn(STAFF.aManager);
    cashier = await signIn(STAFF.aCashier);
    otherBrand = await signIn(STAFF.bManager);
    aMain = await branchOf(UUID.aMain);
    aClosed = await branchOf(UUID.aClosed);
    bMain = await branchOf(UUID.bMain);
  });
  beforeEach(() => {
    clock = START;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("marks an item sold out today at a manager's branch: the diner's next menu shows it, and it is back by itself at 04:00", async () => {
    const water = await itemBySlug('water', manager);
    expect((await dinerMenu()).items.find((i) => i.id === water.id)?.available).toBe(true);
    const res = await manager.call('PUT', `${BASE}/items/${water.id}/branches/${aMain}/`, {
      sold: true,
      availability: 'sold_out_today',
      priceHalalas: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = adminItemSchema.parse(res.json()).branches.find((b) => b.branchId === aMain);
    // 15:00 in Riyadh: sold out until the next business day, 04:00 Riyadh = 01:00 UTC.
    expect(saved).toMatchObject({ sold: true, available: false, soldOutUntil: '2026-11-29T01:00:00.000Z' });
    expect((await dinerMenu()).items.find((i) => i.id === water.id)?.available).toBe(false);
    // The cart is told as today: a placement holding it is refused with the item named.
    const me = await diner(t, UUID.aMain, `+96650000${String(++phones).padStart(4, '0')}`);
    const refused = await placeOrder(me, UUID.aMain, {
      orderType: 2,
      paymentMethod: 'cash',
      lines: [{ kind: 'product', itemId: water.id, quantity: 1, modifiers: [] }],
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toMatchObject({ code: 'item_not_available', details: { itemId: water.id } });
    // Nobody clears it: at 03:59 Riyadh it is still out, at 04:00 it is back (the cached menu expires by itself).
    clock = Date.parse('2026-11-29T00:59:00Z');
    expect((await dinerMenu()).items.find((i) => i.id === water.id)?.available).toBe(false);
    clock = Date.parse('2026-11-29T01:00:00Z');
    expect((await dinerMenu()).items.find((i) => i.id === water.id)?.available).toBe(true);
    expect(await auditCount('menu_branch_item')).toBeGreaterThanOrEqual(1);
  });

  it('a branch price is the price its diners see and pay; other branches keep the item price', async () => {
    const water = await itemBySlug('water', manager);
    const res = await manager.call('PUT', `${BASE}/items/${water.id}/branches/${aMain}/`, {
      sold: true,
      availability: 'available',
      priceHalalas: 450,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await dinerMenu()).items.find((i) => i.id === water.id)?.priceHalalas).toBe(450);
    expect((await dinerMenu(UUID.aClosed)).items.find((i) => i.id === water.id)?.priceHalalas).toBe(300);
    const me = await diner(t, UUID.aMain, `+96650000${String(++phones).padStart(4, '0')}`);
    const placed = await placeOrder(me, UUID.aMain, {
      orderType: 2,
      paymentMethod: 'cash',
      lines: [{ kind: 'product', itemId: water.id, quantity: 2, modifiers: [] }],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(orderSchema.parse(placed.json()).pricing.subtotal).toBe(900);
    // Back to the item's own price.
    await manager.call('PUT', `${BASE}/items/${water.id}/branches/${aMain}/`, {
      sold: true,
      availability: 'available',
      priceHalalas: null,
    });
    expect((await dinerMenu()).items.find((i) => i.id === water.id)?.priceHalalas).toBe(300);
  });

  it("takes an item off one branch's menu and puts it back", async () => {
    const juice = await itemBySlug('juice');
    const off = await owner.call('PUT', `${BASE}/items/${juice.id}/branches/${aClosed}/`, {
      sold: false,
      availability: 'available',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(adminItemSchema.parse(off.json()).branches.find((b) => b.branchId === aClosed)?.sold).toBe(false);
    expect((await dinerMenu(UUID.aClosed)).items.some((i) => i.id === juice.id)).toBe(false);
    await owner.call('PUT', `${BASE}/items/${juice.id}/branches/${aClosed}/`, {
      sold: true,
      availability: 'available',
    });
    expect((await dinerMenu(UUID.aClosed)).items.some((i) => i.id === juice.id)).toBe(true);
  });

  it('an owner creates a breakfast category (06:00–11:00 Riyadh) whose items diners see only inside it', async () => {
    const created = await owner.call('POST', `${BASE}/categories/`, {
      name: { ar: 'الفطور', en: 'Breakfast' },
      description: { ar: 'حتى ١١ صباحًا', en: 'Until 11 am' },
      visibleFromMinute: 360,
      visibleUntilMinute: 660,
    });
    expect(created.statusCode, created.body).toBe(201);
    const category = created.json() as { id: number; version: number };
    const item = await owner.call('POST', `${BASE}/items/`, {
      categoryId: category.id,
      name: { ar: 'فول', en: 'Foul' },
      priceHalalas: 900,
      allergens: ['sesame'],
      calories: 350,
    });
    expect(item.statusCode, item.body).toBe(201);
    const foul = adminItemSchema.parse(item.json());
    expect(foul).toMatchObject({ slug: 'foul', allergens: ['sesame'], active: true });
    expect(foul.branches.every((b) => b.sold && b.available)).toBe(true);
    // A window needs both ends.
    const half = await owner.call('POST', `${BASE}/categories/`, {
      name: { ar: 'أ', en: 'A' },
      visibleFromMinute: 360,
    });
    expect(half.statusCode).toBe(400);
    expect(half.json().error.code).toBe('menu_window_invalid');
    // 15:00 Riyadh: outside the window.
    expect((await dinerMenu()).items.some((i) => i.id === foul.id)).toBe(false);
    clock = Date.parse('2026-11-29T03:30:00Z'); // 06:30 Riyadh
    const morning = await dinerMenu();
    expect(morning.items.find((i) => i.id === foul.id)).toMatchObject({ priceHalalas: 900, available: true });
    expect(morning.categories.some((c) => c.id === category.id)).toBe(true);
    clock = Date.parse('2026-11-29T08:00:00Z'); // 11:00 Riyadh: closed again, though no one wrote anything
    expect((await dinerMenu()).items.some((i) => i.id === foul.id)).toBe(false);
  });

  it('an edit reaches the diner at once, and a deactivated item leaves every menu', async () => {
    const salad = await itemBySlug('salad');
    const res = await owner.call('PUT', `${BASE}/items/${salad.id}/`, {
      ...bodyOf(salad),
      name: { ar: 'سلطة خضراء', en: 'Green salad' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = adminItemSchema.parse(res.json());
    expect(saved.version).toBe(salad.version + 1);
    // Salad is not sold at the main branch (fixture); the closed branch sells it.
    expect((await dinerMenu(UUID.aClosed)).items.find((i) => i.id === salad.id)?.name).toBe('Green salad');
    const bulk = await owner.call('POST', `${BASE}/items/bulk/`, { items: refs(saved), action: 'deactivate' });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect((await dinerMenu(UUID.aClosed)).items.some((i) => i.id === salad.id)).toBe(false);
    const activated = await owner.call('POST', `${BASE}/items/bulk/`, {
      items: refs(await itemBySlug('salad')),
      action: 'activate',
    });
    expect(activated.statusCode, activated.body).toBe(200);
    expect((await dinerMenu(UUID.aClosed)).items.some((i) => i.id === salad.id)).toBe(true);
  });

  it('two editors of the same item: the second save gets 409 with both values, and nothing is overwritten', async () => {
    await setManagersEditMenu(true);
    try {
      const first = await itemBySlug('burger', owner);
      const second = await itemBySlug('burger', manager);
      const a = await owner.call('PUT', `${BASE}/items/${first.id}/`, { ...bodyOf(first), priceHalalas: 2900 });
      expect(a.statusCode, a.body).toBe(200);
      const audits = await auditCount('menu_item');
      const b = await manager.call('PUT', `${BASE}/items/${second.id}/`, { ...bodyOf(second), priceHalalas: 3100 });
      expect(b.statusCode).toBe(409);
      const error = b.json().error;
      expect(error.code).toBe('menu_edit_conflict');
      expect(error.message).toBe('Someone else saved this in the meantime. Review their version, then save again');
      expect(error.details.current).toMatchObject({ priceHalalas: 2900, version: first.version + 1 });
      expect(error.details.yours).toMatchObject({ priceHalalas: 3100, version: second.version });
      expect((await itemBySlug('burger')).priceHalalas).toBe(2900);
      expect(await auditCount('menu_item')).toBe(audits);
    } finally {
      await setManagersEditMenu(false);
    }
  });

  it('the same conflict for categories, in Arabic too', async () => {
    const { categories } = await overview(owner);
    const drinks = categories.find((c) => c.name.en === 'Drinks');
    if (!drinks) throw new Error('no drinks');
    const body = { name: drinks.name, description: drinks.description, version: drinks.version };
    const first = await owner.call('PUT', `${BASE}/categories/${drinks.id}/`, {
      ...body,
      name: { ar: 'مشروبات', en: 'Beverages' },
    });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await owner.call('PUT', `${BASE}/categories/${drinks.id}/`, body, { 'accept-language': 'ar' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe('حفظ شخص آخر هذا في الأثناء. راجع نسخته ثم احفظ مرة أخرى');
    expect(stale.json().error.details.current.name.en).toBe('Beverages');
  });

  it('records every write in the audit log with who, where, before and after', async () => {
    const water = await itemBySlug('water');
    await owner.call('PUT', `${BASE}/items/${water.id}/`, { ...bodyOf(water), calories: 0 });
    const [row] = await t.database.query<{
      action: string;
      before: { calories: number };
      after: { calories: number };
      ip: string;
      staff: string;
    }>(
      `select a.action, a.before, a.after, a.ip, s.email as staff from audit_log a join staff_users s on s.id = a.staff_user_id
       where a.object_type = 'menu_item' and a.object_id = $1 order by a.id desc limit 1`,
      [String(water.id)],
    );
    expect(row).toMatchObject({
      action: 'update',
      before: { calories: water.calories },
      after: { calories: 0 },
      ip: '10.0.0.1',
      staff: STAFF.aOwner.email,
    });
  });

  it("counts each category's items, and refuses to delete one that still has some", async () => {
    const { categories, items } = await overview(owner);
    for (const c of categories) expect(c.itemCount).toBe(items.filter((i) => i.categoryId === c.id).length);
    const full = categories.find((c) => c.itemCount > 1);
    if (!full) throw new Error('no category with items');
    const res = await owner.call('DELETE', `${BASE}/categories/${full.id}/`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('menu_category_not_empty');
    const empty = await owner.call('POST', `${BASE}/categories/`, { name: { ar: 'فارغ', en: 'Empty' } });
    const emptyId = (empty.json() as { id: number }).id;
    expect((await owner.call('DELETE', `${BASE}/categories/${emptyId}/`)).statusCode).toBe(204);
  });

  it('puts categories in a new order; a list that leaves one out is refused', async () => {
    const { categories } = await overview(owner);
    const reversed = categories.map((c) => c.id).reverse();
    const res = await owner.call('PUT', `${BASE}/categories/order/`, { categoryIds: reversed });
    expect(res.statusCode, res.body).toBe(200);
    expect((await overview(owner)).categories.map((c) => c.id)).toEqual(reversed);
    const partial = await owner.call('PUT', `${BASE}/categories/order/`, { categoryIds: reversed.slice(1) });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().error.code).toBe('menu_order_mismatch');
    await owner.call('PUT', `${BASE}/categories/order/`, { categoryIds: categories.map((c) => c.id) });
  });

  it('creates a modifier group and a combo whose slots offer the brand’s own items', async () => {
    const group = await owner.call('POST', `${BASE}/modifier-groups/`, {
      name: { ar: 'الصلصة', en: 'Sauce' },
      min: 0,
      max: 2,
      options: [
        { name: { ar: 'ثوم', en: 'Garlic' }, priceHalalas: 100 },
        { name: { ar: 'حار', en: 'Hot' }, priceHalalas: 0 },
      ],
    });
    expect(group.statusCode, group.body).toBe(201);
    const groupId = (group.json() as { id: number }).id;
    const water = await itemBySlug('water');
    const juice = await itemBySlug('juice');
    const combo = await owner.call('POST', `${BASE}/items/`, {
      categoryId: water.categoryId,
      name: { ar: 'مشروبان', en: 'Two drinks' },
      priceHalalas: 1300,
      modifierGroupIds: [groupId],
      comboSlots: [
        {
          name: { ar: 'الأول', en: 'First' },
          choices: [{ itemId: water.id }, { itemId: juice.id, extraPriceHalalas: 100 }],
        },
      ],
    });
    expect(combo.statusCode, combo.body).toBe(201);
    const created = adminItemSchema.parse(combo.json());
    const onMenu = (await dinerMenu()).items.find((i) => i.id === created.id);
    expect(onMenu?.combo?.slots[0]?.choices.map((c) => c.itemId)).toContain(water.id);
    expect(onMenu?.modifierGroupIds).toEqual([groupId]);
    const minOverMax = await owner.call('POST', `${BASE}/modifier-groups/`, {
      name: { ar: 'س', en: 'S' },
      min: 3,
      max: 2,
      options: [{ name: { ar: 'ا', en: 'a' } }],
    });
    expect(minOverMax.statusCode).toBe(400);
    expect(minOverMax.json().error.code).toBe('menu_modifier_min_max');
  });

  it('a bulk action on items someone saved since they were read is refused, naming them, and changes nothing', async () => {
    const water = await itemBySlug('water');
    const juice = await itemBySlug('juice');
    const edited = await owner.call('PUT', `${BASE}/items/${juice.id}/`, { ...bodyOf(juice), calories: 120 });
    expect(edited.statusCode, edited.body).toBe(200);
    const audits = await auditCount('menu_item');
    for (const action of ['deactivate', 'sold_out_today'] as const) {
      const stale = await owner.call('POST', `${BASE}/items/bulk/`, {
        items: refs(water, juice),
        action,
        branchId: aMain,
      });
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json().error.code).toBe('menu_bulk_conflict');
      expect(stale.json().error.details.conflicts).toEqual([
        { id: juice.id, name: juice.name, version: juice.version + 1 },
      ]);
    }
    expect(await auditCount('menu_item')).toBe(audits);
    const menu = await dinerMenu();
    expect(menu.items.find((i) => i.id === water.id)?.available).toBe(true);
    // Read again, the same action goes through, moving every version on.
    const fresh = await owner.call('POST', `${BASE}/items/bulk/`, {
      items: refs(water, await itemBySlug('juice')),
      action: 'deactivate',
    });
    expect(fresh.json()).toEqual({ changed: 2 });
    expect((await itemBySlug('water')).version).toBe(water.version + 1);
    expect(await auditCount('menu_item')).toBe(audits + 2);
    await owner.call('POST', `${BASE}/items/bulk/`, {
      items: refs(await itemBySlug('water'), await itemBySlug('juice')),
      action: 'activate',
    });
  });

  describe('modifier groups', () => {
    const groupBody = (over: Record<string, unknown> = {}) => ({
      name: { ar: 'الإضافات', en: 'Extras' },
      min: 0,
      max: 2,
      options: [
        { name: { ar: 'جبن', en: 'Cheese' }, priceHalalas: 300 },
        { name: { ar: 'بيض', en: 'Egg' }, priceHalalas: 250 },
      ],
      ...over,
    });
    const groupOf = async (id: number, as = owner) => {
      const found = (await overview(as)).modifierGroups.find((g) => g.id === id);
      if (!found) throw new Error(`no group ${id}`);
      return found;
    };

    it('attaches a new group to the items chosen: the diner sees it at once, and its option keeps its id when edited', async () => {
      const burger = await itemBySlug('burger');
      const created = await owner.call('POST', `${BASE}/modifier-groups/`, {
        ...groupBody(),
        itemLinks: [{ itemId: burger.id, version: burger.version, attached: true }],
      });
      expect(created.statusCode, created.body).toBe(201);
      const group = created.json() as { id: number; version: number; options: { id: number }[] };
      expect(group.version).toBe(1);
      const onMenu = await dinerMenu();
      expect(onMenu.items.find((i) => i.id === burger.id)?.modifierGroupIds).toContain(group.id);
      const attached = await itemBySlug('burger');
      expect(attached.modifierGroupIds).toContain(group.id);
      expect(attached.version).toBe(burger.version + 1);

      // An edit keeps the cheese option (by id), drops the egg, adds olives; the price reaches the diner.
      const cheese = group.options[0]?.id;
      const edited = await owner.call('PUT', `${BASE}/modifier-groups/${group.id}/`, {
        ...groupBody({
          options: [
            { id: cheese, name: { ar: 'جبن', en: 'Cheese' }, priceHalalas: 350 },
            { name: { ar: 'زيتون', en: 'Olives' }, priceHalalas: 0 },
          ],
        }),
        version: 1,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const after = await groupOf(group.id);
      expect(after.version).toBe(2);
      expect(after.options.map((o) => [o.id === cheese, o.name.en, o.priceHalalas])).toEqual([
        [true, 'Cheese', 350],
        [false, 'Olives', 0],
      ]);
      const dinerGroup = (await dinerMenu()).modifierGroups.find((g) => g.id === group.id);
      expect(dinerGroup?.options.find((o) => o.id === cheese)?.priceHalalas).toBe(350);

      // Taken off the burger: the burger's version moves on again.
      const off = await owner.call('PUT', `${BASE}/modifier-groups/${group.id}/`, {
        ...groupBody({ options: after.options.map((o) => ({ id: o.id, name: o.name, priceHalalas: o.priceHalalas })) }),
        itemLinks: [{ itemId: burger.id, version: attached.version, attached: false }],
        version: 2,
      });
      expect(off.statusCode, off.body).toBe(200);
      expect((await itemBySlug('burger')).modifierGroupIds).not.toContain(group.id);
    });

    it('a stale group, a stale item, or an option of another group: 409 or 404, and nothing is written', async () => {
      const burger = await itemBySlug('burger');
      const water = await itemBySlug('water');
      const created = await owner.call('POST', `${BASE}/modifier-groups/`, groupBody());
      const group = created.json() as { id: number; options: { id: number }[] };
      const other = (await owner.call('POST', `${BASE}/modifier-groups/`, groupBody())).json() as {
        options: { id: number }[];
      };
      const first = await owner.call('PUT', `${BASE}/modifier-groups/${group.id}/`, {
        ...groupBody({ name: { ar: 'أ', en: 'First' } }),
        version: 1,
      });
      expect(first.statusCode, first.body).toBe(200);
      const audits = await auditCount('menu_modifier_group');
      const second = await owner.call('PUT', `${BASE}/modifier-groups/${group.id}/`, {
        ...groupBody({ name: { ar: 'ث', en: 'Second' } }),
        version: 1,
      });
      expect(second.statusCode).toBe(409);
      expect(second.json().error.code).toBe('menu_edit_conflict');
      expect(second.json().error.details.current.name.en).toBe('First');
      expect(second.json().error.details.yours.name.en).toBe('Second');

      const foreignOption = await owner.call('PUT', `${BASE}/modifier-groups/${group.id}/`, {
        ...groupBody({ options: [{ id: other.options[0]?.id, name: { ar: 'س', en: 'S' } }] }),
        version: 2,
      });
      expect(foreignOption.statusCode).toBe(404);
      expect(foreignOption.json().error.code).toBe('menu_modifier_option_not_found');

      const staleItem = await owner.call('PUT', `${BASE}/modifier-groups/${group.id}/`, {
        ...groupBody({ name: { ar: 'ج', en: 'Changed' } }),
        itemLinks: [
          { itemId: water.id, version: water.version, attached: true },
          { itemId: burger.id, version: burger.version - 1, attached: true },
        ],
        version: 2,
      });
      expect(staleItem.statusCode).toBe(409);
      expect(staleItem.json().error.code).toBe('menu_bulk_conflict');
      expect(staleItem.json().error.details.conflicts.map((c: { id: number }) => c.id)).toEqual([burger.id]);

      expect(await auditCount('menu_modifier_group')).toBe(audits);
      const kept = await groupOf(group.id);
      expect(kept).toMatchObject({ version: 2, name: { en: 'First' } });
      expect(kept.options.map((o) => o.id)).not.toContain(other.options[0]?.id);
      expect((await itemBySlug('water')).modifierGroupIds).not.toContain(group.id);
    });

    it('deleting a group takes it off its items and off the diner’s menu', async () => {
      const water = await itemBySlug('water');
      const created = await owner.call('POST', `${BASE}/modifier-groups/`, {
        ...groupBody(),
        itemLinks: [{ itemId: water.id, version: water.version, attached: true }],
      });
      const id = (created.json() as { id: number }).id;
      const gone = await owner.call('DELETE', `${BASE}/modifier-groups/${id}/`);
      expect(gone.statusCode, gone.body).toBe(204);
      const after = await itemBySlug('water');
      expect(after.modifierGroupIds).not.toContain(id);
      expect(after.version).toBe(water.version + 2);
      expect((await dinerMenu()).modifierGroups.some((g) => g.id === id)).toBe(false);
      expect((await owner.call('DELETE', `${BASE}/modifier-groups/${id}/`)).statusCode).toBe(404);
    });

    it("refuses cashiers, managers the owner hasn't allowed, and another brand's groups and items", async () => {
      const water = await itemBySlug('water');
      const created = await owner.call('POST', `${BASE}/modifier-groups/`, groupBody());
      const id = (created.json() as { id: number }).id;
      expect((await cashier.call('POST', `${BASE}/modifier-groups/`, groupBody())).statusCode).toBe(403);
      expect(
        (await manager.call('PUT', `${BASE}/modifier-groups/${id}/`, { ...groupBody(), version: 1 })).json().error.code,
      ).toBe('menu_edit_not_allowed');
      expect((await manager.call('DELETE', `${BASE}/modifier-groups/${id}/`)).statusCode).toBe(403);
      // Another brand (allowed to edit its own menu): our group by id, and our item inside their body.
      await t.database.query("update brands set managers_edit_menu = true where slug = 'test-brand-b'");
      try {
        expect(
          (await otherBrand.call('PUT', `${BASE}/modifier-groups/${id}/`, { ...groupBody(), version: 1 })).statusCode,
        ).toBe(404);
        expect((await otherBrand.call('DELETE', `${BASE}/modifier-groups/${id}/`)).statusCode).toBe(404);
        const theirs = await otherBrand.call('POST', `${BASE}/modifier-groups/`, {
          ...groupBody(),
          itemLinks: [{ itemId: water.id, version: water.version, attached: true }],
        });
        expect(theirs.statusCode).toBe(404);
        expect(theirs.json().error.code).toBe('item_not_found');
      } finally {
        await t.database.query("update brands set managers_edit_menu = false where slug = 'test-brand-b'");
      }
      expect((await groupOf(id)).version).toBe(1);
      expect((await itemBySlug('water')).modifierGroupIds).not.toContain(id);
    });
  });

  it('takes a photo by its content, re-encodes it at the menu sizes with a placeholder colour, and serves it', async () => {
    const water = await itemBySlug('water');
    // A red 2000 × 1000 PNG, named .jpg: the bytes decide.
    const png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#d02020' } })
      .png()
      .toBuffer();
    const { payload, headers } = photoBody(png, 'image/jpeg', 'dish.jpg');
    const res = await owner.call('POST', `${BASE}/items/${water.id}/photo/`, payload, headers);
    expect(res.statusCode, res.body).toBe(200);
    const saved = adminItemSchema.parse(res.json());
    expect(saved.version).toBe(water.version + 1);
    // sharp's dominant colour is binned: close to #d02020, red above all.
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(saved.imageColor?.slice(i, i + 2) ?? '', 16));
    expect(r).toBeGreaterThan(0xb0);
    expect(Math.max(g ?? 255, b ?? 255)).toBeLessThan(0x40);
    const path = new URL(saved.image ?? '', 'http://x').pathname;
    expect(path).toMatch(/^\/api\/menu\/photos\/\d+\/\d+-[a-f0-9]{16}-640\.webp$/);
    for (const width of [320, 640, 1280]) {
      const served = await t.app.inject(path.replace('-640.webp', `-${width}.webp`));
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: width / 2 });
    }
    expect((await dinerMenu()).items.find((i) => i.id === water.id)?.image).toBe(saved.image);
    // Not an image (whatever it is called), another brand's item, the cashier: refused, nothing stored.
    const text = photoBody(Buffer.from('GIF89a not really'), 'image/png');
    const notImage = await owner.call('POST', `${BASE}/items/${water.id}/photo/`, text.payload, text.headers);
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().error.code).toBe('menu_photo_invalid');
    const again = photoBody(png);
    const theirs = await otherBrand.call('POST', `${BASE}/items/${water.id}/photo/`, again.payload, again.headers);
    expect(theirs.statusCode).toBe(403);
    const cashierTry = await cashier.call('POST', `${BASE}/items/${water.id}/photo/`, again.payload, again.headers);
    expect(cashierTry.statusCode).toBe(403);
    expect((await itemBySlug('water')).image).toBe(saved.image);
    expect((await t.app.inject('/api/menu/photos/1/../../etc-640.webp')).statusCode).toBe(404);
  });

  describe('CSV of items and prices', () => {
    it('exports every item and imports a changed price and a new item in one go', async () => {
      const exported = await owner.call('GET', `${BASE}/items/csv/`);
      expect(exported.statusCode, exported.body).toBe(200);
      const { csv } = exported.json() as { csv: string };
      const lines = csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n');
      expect(lines[0]).toBe('id,category,name_ar,name_en,description_ar,description_en,price,calories,active');
      const water = await itemBySlug('water');
      const waterLine = lines.find((l) => l.startsWith(`${water.id},`));
      expect(waterLine).toContain(',3.00,');
      const changed = lines.map((l) => (l === waterLine ? l.replace(',3.00,', ',3.50,') : l));
      changed.push(',Mains,ليمون,Lemonade,,,٩٫٥,120,');
      const res = await owner.call('POST', `${BASE}/items/csv/`, { csv: changed.join('\n') });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ created: 1, updated: 1 });
      const menu = await dinerMenu();
      expect(menu.items.find((i) => i.id === water.id)?.priceHalalas).toBe(350);
      expect(menu.items.find((i) => i.name === 'Lemonade')).toMatchObject({ priceHalalas: 950, calories: 120 });
    });

    it('refuses the whole file when any row is wrong, naming each in the language asked, and changes nothing', async () => {
      const water = await itemBySlug('water');
      const [theirs] = (await overview(otherBrand)).items;
      const audits = await auditCount('menu_item');
      const csv = [
        'id,category,name_ar,name_en,price',
        `${water.id},mains,ماء,Water,1.00`,
        ',Nowhere,شاي,Tea,4',
        ',Mains,قهوة,Coffee,abc',
        `${theirs?.id},الأطباق الرئيسية,شاورما,Shawarma,5`,
      ].join('\n');
      const res = await owner.call('POST', `${BASE}/items/csv/`, { csv }, { 'accept-language': 'ar' });
      expect(res.statusCode).toBe(422);
      const error = res.json().error;
      expect(error.code).toBe('menu_csv_invalid');
      expect(error.message).toBe('لم يُستورد الملف: صحّح الصفوف المذكورة ثم استورده مرة أخرى');
      expect(error.details.rows).toEqual([
        { line: 3, column: 'category', message: 'لا يوجد تصنيف بهذا الاسم' },
        { line: 4, column: 'price', message: 'يجب أن يكون السعر رقمًا بالريال، مثل 12.50' },
        { line: 5, column: 'id', message: 'لا يوجد صنف في هذه القائمة بهذا المعرّف' },
      ]);
      expect((await itemBySlug('water')).priceHalalas).not.toBe(100);
      expect((await overview(owner)).items.some((i) => i.name.en === 'Tea')).toBe(false);
      expect(await auditCount('menu_item')).toBe(audits);
      const noHeader = await owner.call('POST', `${BASE}/items/csv/`, { csv: 'a,b\n1,2' });
      expect(noHeader.statusCode).toBe(422);
      expect(noHeader.json().error.details.rows[0].message).toBe(
        'The first row must name the columns: id, category, name_ar, name_en, price',
      );
    });
  });

  describe('who may do what', () => {
    it('refuses the cashier everything, reading included', async () => {
      const water = await itemBySlug('water');
      expect((await cashier.call('GET', `${BASE}/`)).statusCode).toBe(403);
      const res = await cashier.call('PUT', `${BASE}/items/${water.id}/branches/${aMain}/`, {
        sold: true,
        availability: 'sold_out',
      });
      expect(res.statusCode).toBe(403);
      expect((await t.app.inject(`${BASE}/`)).statusCode).toBe(401);
    });

    it('a manager edits the brand-wide menu only when the owner allows it; their branch rows always', async () => {
      const water = await itemBySlug('water', manager);
      expect((await overview(manager)).canEditMenu).toBe(false);
      const refused = await manager.call('PUT', `${BASE}/items/${water.id}/`, { ...bodyOf(water), priceHalalas: 1 });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('menu_edit_not_allowed');
      const newCategory = await manager.call('POST', `${BASE}/categories/`, { name: { ar: 'ب', en: 'B' } });
      expect(newCategory.statusCode).toBe(403);
      const moved = await manager.call('POST', `${BASE}/items/bulk/`, {
        items: refs(water),
        action: 'deactivate',
      });
      expect(moved.statusCode).toBe(403);
      expect((await itemBySlug('water')).priceHalalas).toBe(water.priceHalalas);
      await setManagersEditMenu(true);
      try {
        expect((await overview(manager)).canEditMenu).toBe(true);
        const allowed = await manager.call('PUT', `${BASE}/items/${water.id}/`, { ...bodyOf(water), calories: 1 });
        expect(allowed.statusCode, allowed.body).toBe(200);
      } finally {
        await setManagersEditMenu(false);
      }
    });

    it("refuses a manager another branch of the brand that isn't theirs", async () => {
      const water = await itemBySlug('water');
      await t.database.query(
        'delete from staff_user_branches where branch_id = $1 and staff_user_id = (select id from staff_users where email = $2)',
        [aClosed, STAFF.aManager.email],
      );
      try {
        const res = await manager.call('PUT', `${BASE}/items/${water.id}/branches/${aClosed}/`, {
          sold: true,
          availability: 'sold_out',
        });
        expect(res.statusCode).toBe(403);
        const bulk = await manager.call('POST', `${BASE}/items/bulk/`, {
          items: refs(water),
          action: 'sold_out_today',
          branchId: aClosed,
        });
        expect(bulk.statusCode).toBe(403);
        // The console lists only their own branch's rows.
        expect((await overview(manager)).branches.map((b) => b.id)).toEqual([aMain]);
      } finally {
        await t.database.query(
          'insert into staff_user_branches (staff_user_id, branch_id) select id, $1 from staff_users where email = $2',
          [aClosed, STAFF.aManager.email],
        );
      }
    });

    it("refuses another brand's items, categories and branches, by id and inside a body", async () => {
      const water = await itemBySlug('water');
      const drinks = water.categoryId;
      const theirs = await overview(otherBrand);
      const shawarma = theirs.items[0];
      if (!shawarma) throw new Error('no shawarma');
      expect(theirs.items.some((i) => i.id === water.id)).toBe(false);
      // By id.
      expect((await otherBrand.call('GET', `${BASE}/items/${water.id}/`)).statusCode).toBe(404);
      const byId = await otherBrand.call('PUT', `${BASE}/items/${water.id}/branches/${bMain}/`, {
        sold: true,
        availability: 'sold_out',
      });
      expect(byId.statusCode).toBe(404);
      const branch = await otherBrand.call('PUT', `${BASE}/items/${shawarma.id}/branches/${aMain}/`, {
        sold: true,
        availability: 'sold_out',
      });
      expect(branch.statusCode).toBe(404);
      expect(branch.json().error.code).toBe('branch_not_found');
      const category = await owner.call('PUT', `${BASE}/categories/${theirs.categories[0]?.id}/`, {
        name: { ar: 'x', en: 'x' },
        version: 1,
      });
      expect(category.statusCode).toBe(404);
      // Inside a body: A's owner names B's category, B's item in a combo, B's items in a bulk action.
      const inBody = await owner.call('PUT', `${BASE}/items/${water.id}/`, {
        ...bodyOf(water),
        categoryId: shawarma.categoryId,
      });
      expect(inBody.statusCode).toBe(404);
      expect(inBody.json().error.code).toBe('menu_category_not_found');
      const combo = await owner.call('POST', `${BASE}/items/`, {
        categoryId: drinks,
        name: { ar: 'ج', en: 'C' },
        priceHalalas: 100,
        comboSlots: [{ name: { ar: 'ا', en: 'a' }, choices: [{ itemId: shawarma.id }] }],
      });
      expect(combo.statusCode).toBe(400);
      expect(combo.json().error.code).toBe('menu_combo_choice_invalid');
      const bulk = await owner.call('POST', `${BASE}/items/bulk/`, {
        items: refs(water, shawarma),
        action: 'move_category',
        categoryId: drinks,
      });
      expect(bulk.statusCode).toBe(404);
      const moveTo = await owner.call('POST', `${BASE}/items/bulk/`, {
        items: refs(water),
        action: 'move_category',
        categoryId: shawarma.categoryId,
      });
      expect(moveTo.statusCode).toBe(404);
      const soldOutThere = await owner.call('POST', `${BASE}/items/bulk/`, {
        items: refs(water),
        action: 'sold_out_today',
        branchId: bMain,
      });
      expect(soldOutThere.statusCode).toBe(404);
      // Nothing of either brand moved.
      expect((await itemBySlug('water')).categoryId).toBe(drinks);
      expect((await overview(otherBrand)).items[0]?.branches[0]?.available).toBe(true);
    });

    it('a bulk action is all or nothing', async () => {
      const water = await itemBySlug('water');
      const juice = await itemBySlug('juice');
      const audits = await auditCount('menu_branch_item');
      const bad = await owner.call('POST', `${BASE}/items/bulk/`, {
        items: [...refs(water, juice), { id: 2_000_000_000, version: 1 }],
        action: 'sold_out_today',
        branchId: aMain,
      });
      expect(bad.statusCode).toBe(404);
      expect(await auditCount('menu_branch_item')).toBe(audits);
      const ok = await owner.call('POST', `${BASE}/items/bulk/`, {
        items: refs(water, juice),
        action: 'sold_out_today',
        branchId: aMain,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      const menu = await dinerMenu();
      expect(menu.items.find((i) => i.id === water.id)?.available).toBe(false);
      const back = await owner.call('POST', `${BASE}/items/bulk/`, {
        items: refs(water, juice),
        action: 'back_in_stock',
        branchId: aMain,
      });
      expect(back.json()).toEqual({ changed: 2 });
      // Juice was sold out (not just today) in the fixture: back in stock clears both.
      const after = await dinerMenu();
      expect(after.items.find((i) => i.id === juice.id)?.available).toBe(true);
      expect(after.items.find((i) => i.id === water.id)?.available).toBe(true);
    });
  });
});
