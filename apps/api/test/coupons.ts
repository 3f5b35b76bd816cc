import { expect } from 'vitest';
import { caller } from './accounts.ts';
import { STAFF } from './fixture-brands.ts';
import type { TestApp } from './test-app.ts';

/** Brand A's manager creates a fixed-amount coupon through the API (what the manager form sends), or the test fails. */
export async function createFixedCoupon(
  t: TestApp,
  coupon: {
    code: string;
    name: string;
    amountHalalas: number;
    globalLimit: number | null;
    perCustomerLimit: number | null;
    newCustomersOnly?: boolean;
  },
): Promise<void> {
  const manager = caller(t);
  expect((await manager.call('POST', '/api/staff/auth/login/', STAFF.aManager)).statusCode).toBe(200);
  const { name, ...rest } = coupon;
  const created = await manager.call('POST', '/api/staff/coupons/', {
    ...rest,
    name: { ar: name, en: name },
    kind: 'fixed',
  });
  expect(created.statusCode, created.body).toBe(201);
}
