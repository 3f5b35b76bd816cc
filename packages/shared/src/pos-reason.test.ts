import { describe, expect, it } from 'vitest';
import { posFailureKind } from './pos-reason.ts';

describe('posFailureKind: the kind of a hand-off error, in the adapter’s own formats', () => {
  it.each([
    ['Foodics POST /orders: 429 Too Many Attempts.', 'rate_limited'],
    ['Foodics POST /orders: 500 Server Error', 'server_error'],
    ['Foodics GET /orders: 503', 'server_error'],
    ['Foodics POST /orders: timed out', 'unreachable'],
    ['Foodics POST /orders: no answer', 'unreachable'],
    ['Foodics POST /orders: answer cut short', 'unreachable'],
    ['Foodics POST /orders: 401 Unauthenticated.', 'unauthorized'],
    ['Foodics POST /customers: 403 Forbidden', 'unauthorized'],
    ['Foodics POST /orders: 422 The given data was invalid. {"products.0.product_id":["Invalid."]}', 'refused'],
    ['not mapped to Foodics: branch:3, product:4', 'unmapped'],
    ['the brand is not connected to Foodics', 'not_connected'],
    ['the order is gone', 'refused'],
    ['something nobody wrote down', 'other'],
  ] as const)('%s → %s', (reason, kind) => {
    expect(posFailureKind(reason)).toBe(kind);
  });
});
