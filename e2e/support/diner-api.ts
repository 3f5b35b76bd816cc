/**
 * A diner driven through the real API (no browser): a session from the real OTP flow (the code read from the SMS
 * outbox), then cash orders placed with an Idempotency-Key, as the ordering pages do. For journeys about what
 * happens after an order is placed (the staff board).
 */
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import type { OrderType } from '../../packages/shared/src/order-types.ts';
import type { Order } from '../../packages/shared/src/schemas/order.ts';
import { signInByOtp } from './accounts.ts';
import { itemWithRequiredGroup, plainItem, requiredChoices } from './demo-menu.ts';
import { fetchMenu, QR } from './sufra.ts';

export interface ApiDiner {
  request: APIRequestContext;
  name: string;
  phone: { national: string; e164: string };
}

/** Registers a new diner at the QR's brand through the OTP flow, in a request context of its own. */
export async function signedInDiner(baseURL: string, name: string, uuid: string = QR.main): Promise<ApiDiner> {
  const request = await playwrightRequest.newContext({ baseURL });
  const { phone } = await signInByOtp(request, baseURL, name, uuid);
  return { request, name, phone };
}

export interface PlaceOptions {
  uuid?: string;
  orderType?: OrderType;
  notes?: string;
  /** Dine-in: where the diner stands (within the branch's radius). */
  location?: { lat: number; lng: number };
}

/**
 * A cash order of a plain item ×2 and an item with its required choices, placed with `POST /api/orders/{uuid}/`.
 * Answers the order as the API returned it (its id and number are what the board shows).
 */
export async function placeOrder(diner: ApiDiner, options: PlaceOptions = {}): Promise<Order> {
  const uuid = options.uuid ?? QR.main;
  const menu = await fetchMenu(diner.request, 'en', uuid);
  const plain = plainItem(menu);
  const withGroup = itemWithRequiredGroup(menu);
  const required = requiredChoices(menu, withGroup).map((choice) => choice.optionId);
  const response = await diner.request.post(`/api/orders/${uuid}/`, {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      orderType: options.orderType ?? 2,
      lines: [
        { kind: 'product', itemId: plain.id, quantity: 2, modifiers: [] },
        { kind: 'product', itemId: withGroup.id, quantity: 1, modifiers: required },
      ],
      paymentMethod: 'cash',
      ...(options.notes ? { notes: options.notes } : {}),
      ...(options.location ? { location: options.location } : {}),
    },
  });
  expect(response.status(), `POST /api/orders/${uuid}/ → ${await response.text()}`).toBe(201);
  return (await response.json()) as Order;
}
