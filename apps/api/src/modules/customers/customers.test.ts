import { addressListResponse, addressSchema, customerSchema } from '@sufra/shared/schemas/customer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Caller, caller, countRows, latestCode, signIn } from '../../../test/accounts.ts';
import { UUID } from '../../../test/fixture-brands.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const MINUTE = 60_000;
const home = {
  title: 'Home',
  description: 'Olaya St, building 12',
  doorNumber: '4',
  levelNumber: '2',
  blockNumber: null,
  phone: { phone_number: '0509998877' },
  location: { lat: 24.7, lng: 46.68 },
};

describe('customer profile, phone change and addresses', () => {
  let t: TestApp;
  let clock = new Date('2026-05-01T09:00:00Z');
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());
  beforeEach(() => advance(2 * 24 * 60 * MINUTE));

  async function customer(uuid: string = UUID.aMain): Promise<Caller> {
    const c = caller(t);
    seq += 1;
    const res = await signIn(t, c, uuid, `05020000${String(seq).padStart(2, '0')}`, { fullName: `Diner ${seq}` });
    expect(res.statusCode).toBe(200);
    return c;
  }
  const base = `/api/customers/${UUID.aMain}/me`;

  it('edits the profile: any subset, email empty or valid (stored lower-case)', async () => {
    const c = await customer();
    const res = await c.call('PATCH', `${base}/`, { fullName: 'New Name', email: 'New@Mail.SA', city: 'Jeddah' });
    expect(res.statusCode).toBe(200);
    expect(customerSchema.parse(res.json())).toMatchObject({
      fullName: 'New Name',
      email: 'new@mail.sa',
      city: 'Jeddah',
    });
    const cleared = await c.call('PATCH', `${base}/`, { email: '', gender: 'male', ageGroup: 'over_60' });
    expect(cleared.json()).toMatchObject({ email: null, gender: 'male', ageGroup: 'over_60', fullName: 'New Name' });
  });

  it('refuses bad profile edits with field messages and changes nothing', async () => {
    const c = await customer();
    const before = (await c.call('GET', `${base}/`)).json();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ fullName: '' }, { fullName: 'Name field is required' }],
      [{ email: 'bad@' }, { email: 'Ensure the email is valid' }],
      [{ email: `${'a'.repeat(250)}@x.sa` }, { email: 'Ensure the email is valid' }],
      [{ fullName: 'ok', gender: 'other' }, { gender: 'This field is empty or wrong' }],
    ];
    for (const [body, fields] of cases) {
      const res = await c.call('PATCH', `${base}/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields).toEqual(fields);
    }
    expect((await c.call('GET', `${base}/`)).json()).toEqual(before);
  });

  it('changes the phone only with a code sent to the new number', async () => {
    const c = await customer();
    const sent = await c.call('POST', `/api/auth/${UUID.aMain}/otp/`, {
      phone: { phone_number: '0503334444' },
      purpose: 'change_phone',
    });
    expect(sent.statusCode).toBe(202);
    const { requestId } = sent.json();
    const code = await latestCode(t, '+966503334444');
    const wrong = await c.call('POST', `${base}/phone/`, { requestId, code: code === '0000' ? '1111' : '0000' });
    expect(wrong.statusCode).toBe(400);
    const res = await c.call('POST', `${base}/phone/`, { requestId, code });
    expect(res.statusCode).toBe(200);
    expect(res.json().phone).toBe('+966503334444');
    // A change_phone code cannot sign anyone in, and a sign-in code cannot change a phone.
    expect((await c.call('POST', `/api/auth/${UUID.aMain}/otp/verify/`, { requestId, code })).statusCode).toBe(410);
  });

  it('answers a change to a number in use exactly as to a free one, and refuses it only once the code is verified', async () => {
    const a = await customer();
    const b = await customer();
    const aPhone = (await a.call('GET', `${base}/`)).json().phone;
    const bPhone = (await b.call('GET', `${base}/`)).json().phone;
    const ask = (phone: string) =>
      a.call('POST', `/api/auth/${UUID.aMain}/otp/`, { phone: { phone_number: phone }, purpose: 'change_phone' });
    advance(31_000); // b's own sign-in just sent that number a code
    const taken = await ask(bPhone);
    const free = await ask('0503335500');
    // Same status, same shape: asking cannot tell who is registered.
    expect(taken.statusCode).toBe(202);
    expect(free.statusCode).toBe(202);
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(free.json()).sort());
    // Only the holder of that phone can read the code; with it, the answer is "in use", and nothing changes.
    const code = await latestCode(t, bPhone);
    const wrong = await a.call('POST', `${base}/phone/`, {
      requestId: taken.json().requestId,
      code: code === '0000' ? '1111' : '0000',
    });
    expect(wrong.json().error.code).toBe('otp_incorrect');
    const res = await a.call('POST', `${base}/phone/`, { requestId: taken.json().requestId, code });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'phone_in_use', message: 'This phone number is used' });
    expect((await a.call('GET', `${base}/`)).json().phone).toBe(aPhone);
    expect((await b.call('GET', `${base}/`)).json().phone).toBe(bPhone);

    const anonymous = await caller(t).call('POST', `/api/auth/${UUID.aMain}/otp/`, {
      phone: { phone_number: '0503335555' },
      purpose: 'change_phone',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('puts change-of-number codes under the sign-in limits: sends per number, and the wrong-code throttles', async () => {
    const a = await customer();
    const b = await customer();
    const bPhone = (await b.call('GET', `${base}/`)).json().phone;
    const ask = () =>
      a.call('POST', `/api/auth/${UUID.aMain}/otp/`, { phone: { phone_number: bPhone }, purpose: 'change_phone' });
    // b's own sign-in spent one send this minute: the gap applies to a's ask as to any ask for that number.
    advance(31_000);
    const sent = await ask();
    expect(sent.statusCode).toBe(202);
    const again = await ask();
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('otp_send_limited');
    // Wrong codes: five free from this address for this number, then a wait.
    const { requestId } = sent.json();
    const code = await latestCode(t, bPhone);
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i += 1) {
      expect((await a.call('POST', `${base}/phone/`, { requestId, code: wrong })).statusCode).toBe(400);
    }
    advance(31_000);
    const second = await ask();
    const code2 = await latestCode(t, bPhone);
    const wrong2 = code2 === '0000' ? '1111' : '0000';
    const body = { requestId: second.json().requestId, code: wrong2 };
    expect((await a.call('POST', `${base}/phone/`, body)).statusCode).toBe(400);
    const waited = await a.call('POST', `${base}/phone/`, { ...body, code: code2 });
    expect(waited.statusCode).toBe(429);
    expect(waited.json().error.code).toBe('sign_in_throttled');
  });

  it('refuses the change when the number was registered after the code was sent, and keeps the old phone', async () => {
    const a = await customer();
    const before = (await a.call('GET', `${base}/`)).json().phone;
    const sent = await a.call('POST', `/api/auth/${UUID.aMain}/otp/`, {
      phone: { phone_number: '0503336666' },
      purpose: 'change_phone',
    });
    const code = await latestCode(t, '+966503336666');
    advance(MINUTE);
    expect((await signIn(t, caller(t), UUID.aMain, '0503336666', { fullName: 'Quicker' })).statusCode).toBe(200);
    const res = await a.call('POST', `${base}/phone/`, { requestId: sent.json().requestId, code });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('phone_in_use');
    expect((await a.call('GET', `${base}/`)).json().phone).toBe(before);
  });

  it('manages saved addresses', async () => {
    const c = await customer();
    const created = await c.call('POST', `${base}/addresses/`, home);
    expect(created.statusCode).toBe(201);
    const address = addressSchema.parse(created.json());
    expect(address).toMatchObject({
      title: 'Home',
      phone: '+966509998877',
      blockNumber: null,
      location: home.location,
    });
    const updated = await c.call('PUT', `${base}/addresses/${address.id}/`, { ...home, title: 'Work', phone: null });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: address.id, title: 'Work', phone: null });
    const list = addressListResponse.parse((await c.call('GET', `${base}/addresses/`)).json());
    expect(list.addresses.map((a) => a.title)).toEqual(['Work']);
    expect((await c.call('DELETE', `${base}/addresses/${address.id}/`)).statusCode).toBe(204);
    expect((await c.call('GET', `${base}/addresses/`)).json().addresses).toEqual([]);
    expect((await c.call('DELETE', `${base}/addresses/${address.id}/`)).statusCode).toBe(404);
  });

  it('refuses bad addresses and writes nothing', async () => {
    const c = await customer();
    const before = await countRows(t, 'customer_addresses');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...home, title: '' }, 400, 'title'],
      [{ ...home, description: 'd'.repeat(301) }, 400, 'description'],
      [{ ...home, location: { lat: 91, lng: 0 } }, 400, 'location.lat'],
      [{ ...home, phone: { phone_number: '12' } }, 400, 'phone.phone_number'],
      [{ ...home, doorNumber: 'x'.repeat(21) }, 400, 'doorNumber'],
    ];
    for (const [body, status, field] of cases) {
      const res = await c.call('POST', `${base}/addresses/`, body);
      expect(res.statusCode, field).toBe(status);
      expect(Object.keys(res.json().error.fields ?? {}), field).toEqual([field]);
    }
    expect(await countRows(t, 'customer_addresses')).toBe(before);
  });

  it("keeps customer A away from customer B's profile and addresses (404 for B's address ids)", async () => {
    const a = await customer();
    const b = await customer();
    const bAddress = (await b.call('POST', `${base}/addresses/`, home)).json();
    const bBefore = (await b.call('GET', `${base}/`)).json();
    // There is no customer id in any path: A's calls only ever reach A.
    expect((await a.call('GET', `${base}/`)).json().id).not.toBe(bBefore.id);
    expect((await a.call('PUT', `${base}/addresses/${bAddress.id}/`, { ...home, title: 'Stolen' })).statusCode).toBe(
      404,
    );
    expect((await a.call('DELETE', `${base}/addresses/${bAddress.id}/`)).statusCode).toBe(404);
    expect((await a.call('GET', `${base}/addresses/`)).json().addresses).toEqual([]);
    const bAfter = await b.call('GET', `${base}/addresses/`);
    expect(bAfter.json().addresses).toEqual([bAddress]);
    expect((await b.call('GET', `${base}/`)).json()).toEqual(bBefore);
  });

  it('deletes the account with its addresses', async () => {
    const c = await customer();
    await c.call('POST', `${base}/addresses/`, home);
    const id = (await c.call('GET', `${base}/`)).json().id;
    expect((await c.call('DELETE', `${base}/`)).statusCode).toBe(204);
    expect(await countRows(t, `customers where id = ${Number(id)}`)).toBe(0);
    expect(await countRows(t, `customer_addresses where customer_id = ${Number(id)}`)).toBe(0);
    expect((await c.call('GET', `${base}/`)).statusCode).toBe(401);
  });
});
