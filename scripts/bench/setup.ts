// What every PostgreSQL bench sets up the same way: a fresh database, the QR code's branch open round the clock,
// the demo cart, and diners signed in through the real OTP flow.
import pg from 'pg';

/** The demo's counter QR code (Olaya branch): pickup at the QR code's own branch. */
export const ORDER_QR = '3f2b8c1e-7a4d-4e8b-9c2a-1d5e6f7a8b9c';

interface MenuItemLite {
  id: number;
  name: string;
  priceHalalas: number;
  available: boolean;
  modifierGroupIds: number[];
  combo: { slots: { id: number; name: string; choices: { itemId: number }[] }[] } | null;
}
interface MenuLite {
  items: MenuItemLite[];
  modifierGroups: { id: number; min: number; max: number; options: { id: number; available: boolean }[] }[];
}

/** The server with its own database in the bench's PostgreSQL cluster (dropped and created fresh). */
export async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The QR code's branch open round the clock in the bench's own database (equal opens/closes = all day), so the
 * figure never depends on the hour the bench runs at. Every other rule stays as seeded.
 */
export async function openAllDay(db: pg.Pool): Promise<number> {
  const { rows } = await db.query<{ branch_id: number }>('select branch_id from qr_codes where uuid = $1', [ORDER_QR]);
  const branchId = rows[0]?.branch_id;
  if (branchId === undefined) throw new Error(`QR ${ORDER_QR} is not in the seeded database`);
  const allDay = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: '00:00', closes: '00:00' }));
  await db.query('update branches set opening_hours = $1, is_open = true where id = $2', [
    JSON.stringify(allDay),
    branchId,
  ]);
  return branchId;
}

/** A realistic cart from the live menu: a product with modifiers (every required group + one optional) and a combo. */
export async function buildCart(baseUrl: string) {
  const response = await fetch(`${baseUrl}/api/menu/qr/${ORDER_QR}/`, { headers: { 'Accept-Language': 'en' } });
  if (!response.ok) throw new Error(`GET menu answered ${response.status}`);
  const menu = (await response.json()) as MenuLite;
  const groups = new Map(menu.modifierGroups.map((g) => [g.id, g]));
  const available = new Set(menu.items.filter((i) => i.available).map((i) => i.id));

  const product = menu.items.find(
    (i) =>
      i.available &&
      !i.combo &&
      i.modifierGroupIds.some((g) => (groups.get(g)?.min ?? 0) >= 1) &&
      i.modifierGroupIds.some((g) => (groups.get(g)?.min ?? 1) === 0),
  );
  if (!product) throw new Error('no product with a required and an optional modifier group on the demo menu');
  const modifiers: number[] = [];
  for (const groupId of product.modifierGroupIds) {
    const group = groups.get(groupId);
    const options = group?.options.filter((o) => o.available) ?? [];
    const want = Math.max(group?.min ?? 0, 1);
    modifiers.push(...options.slice(0, Math.min(want, group?.max ?? 0)).map((o) => o.id));
  }

  const combo = menu.items.find(
    (i) => i.available && i.combo?.slots.every((s) => s.choices.some((c) => available.has(c.itemId))),
  );
  if (!combo?.combo) throw new Error('no orderable combo on the demo menu');
  const slots = combo.combo.slots.map((s) => ({
    slotId: s.id,
    itemId: s.choices.find((c) => available.has(c.itemId))?.itemId ?? 0,
  }));
  const comboModifiers = combo.modifierGroupIds.flatMap((groupId) => {
    const group = groups.get(groupId);
    return (group?.options.filter((o) => o.available) ?? []).slice(0, group?.min ?? 0).map((o) => o.id);
  });

  const body = {
    orderType: 2,
    paymentMethod: 'cash',
    notes: 'Benchmark order',
    lines: [
      { kind: 'product', itemId: product.id, quantity: 2, modifiers },
      { kind: 'combo', itemId: combo.id, quantity: 1, slots, modifiers: comboModifiers },
    ],
  };
  const words =
    `pickup at the QR code's branch, cash; 2 × “${product.name}” with ${modifiers.length} modifiers ` +
    `and 1 × the combo “${combo.name}” (${slots.length} slots${comboModifiers.length ? `, ${comboModifiers.length} modifiers` : ''})`;
  return { body, words };
}

/** Signs customers in through the real OTP flow: ask for a code, read it from the SMS outbox, verify (registers). */
export async function signInCustomers(baseUrl: string, db: pg.Pool, brandId: number, count: number): Promise<string[]> {
  const cookieName = `sufra_at_${brandId}`;
  const cookies: string[] = [];
  const signIn = async (i: number) => {
    const nationalNumber = `55${String(1_000_000 + i).padStart(7, '0')}`;
    const ask = await fetch(`${baseUrl}/api/auth/${ORDER_QR}/otp/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ phone: { phone_number: nationalNumber, dial_code: '966' } }),
    });
    if (ask.status !== 202) throw new Error(`OTP request answered ${ask.status}: ${await ask.text()}`);
    const { requestId, phone } = (await ask.json()) as { requestId: string; phone: string };
    const { rows } = await db.query<{ body: string }>(
      'select body from sms_outbox where to_phone = $1 order by id desc limit 1',
      [phone],
    );
    const code = rows[0]?.body.match(/\d{4}/)?.[0];
    if (!code) throw new Error(`no code in the SMS outbox for ${phone}`);
    const verify = await fetch(`${baseUrl}/api/auth/${ORDER_QR}/otp/verify/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ requestId, code, profile: { fullName: `Bench Diner ${i}` } }),
    });
    if (verify.status !== 200) throw new Error(`OTP verify answered ${verify.status}: ${await verify.text()}`);
    const access = verify.headers
      .getSetCookie()
      .map((c) => c.split(';', 1)[0] ?? '')
      .find((c) => c.startsWith(`${cookieName}=`));
    if (!access) throw new Error('no access cookie after verify');
    cookies.push(access);
  };
  // A few at a time: this is set-up, not the measurement.
  for (let start = 0; start < count; start += 10) {
    await Promise.all(Array.from({ length: Math.min(10, count - start) }, (_, k) => signIn(start + k)));
  }
  return cookies;
}
