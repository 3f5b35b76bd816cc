/**
 * What the ordering journeys share: a diner with a full cart on the way to checkout, the demo branches by name, and a
 * staff user moving an order through the staff API (the order board UI is another journey's).
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import type { OrderStatus } from '../../packages/shared/src/machines/order-status.ts';
import { signInByOtp } from './accounts.ts';
import { demoCart } from './demo-menu.ts';
import { staffApi } from './staff-api.ts';
import { fetchMenu, QR, saveCart } from './sufra.ts';

/** The demo brand's branches (apps/api/src/db/seed/demo-brand.ts). */
export const BRANCHES = {
  /** The QR's branch: every order type, open round the clock (so the journeys pass at any hour), dine-in radius 150 m. */
  olaya: { ar: 'العليا', en: 'Olaya', location: { latitude: 24.6995, longitude: 46.685 } },
  /** Closed for renovation: no opening hours at all. */
  malqa: { ar: 'الملقا', en: 'Al Malqa' },
} as const;

/** Inside Olaya's first delivery zone (fee 10 SAR), and far outside every zone. */
export const POINTS = {
  inZone: { lat: '24.7', lng: '46.685' },
  outside: { lat: '24.5', lng: '46.95' },
} as const;

export const ORDERING_TEXT = {
  locationPermission: { ar: 'الرجاء تفعيل إذن الوصول إلى الموقع', en: 'Please Enable Location Permission' },
  notCovered: {
    ar: 'هذه المنطقة غير مشمولة بخدمة المطعم، اختر عنوانًا آخر',
    en: "This area isn't covered by the restaurant, choose another address",
  },
  selectAddress: { ar: 'الرجاء اختيار عنوانك', en: 'Please select Your address' },
  addAddress: { ar: 'أضف عنوانًا', en: 'Add an address' },
  useMyLocation: { ar: 'استخدم موقعي الحالي', en: 'Use my current location' },
  saveAddress: { ar: 'حفظ العنوان', en: 'Save address' },
  types: {
    1: { ar: 'محلي', en: 'Dine-in' },
    2: { ar: 'استلام', en: 'Pickup' },
    3: { ar: 'توصيل', en: 'Delivery' },
  },
  status: {
    pending: { ar: 'قيد الانتظار', en: 'Pending' },
    sent_to_kitchen: { ar: 'أُرسل إلى المطبخ', en: 'Sent to kitchen' },
    ready: { ar: 'جاهز', en: 'Ready' },
  },
} as const;

/** A signed-in diner with the demo cart (a plain item ×2, an item with its required choices, a combo) on the cart page. */
export async function dinerWithCart(page: Page, request: APIRequestContext, baseURL: string, language: Language) {
  // Signed in through the OTP flow's API in the page's cookie jar: the registration form is the account journeys'.
  const diner = await signInByOtp(page.request, baseURL, `Diner ${Math.random().toString(36).slice(2, 7)}`);
  const menu = await fetchMenu(request, language);
  await saveCart(page, demoCart(menu));
  // The app's hint that this browser has a session of the brand, which the register page sets at sign-in.
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key as string, value as string),
    ['sufra.customer.brands', JSON.stringify([diner.brandId])],
  );
  await page.goto(`/cart/${QR.main}`);
  await expect(page.getByTestId('account-entry')).toContainText(diner.name.split(' ')[0] ?? diner.name);
  await expect(page.getByTestId('cart-total')).toBeVisible();
  await page.getByTestId('cart-continue').click();
  await expect(page).toHaveURL(new RegExp(`/order-type/${QR.main}$`));
  return diner;
}

export function branchOption(page: Page, name: string) {
  return page.getByTestId('branch-option').filter({ hasText: name });
}

/**
 * Adds an address on the delivery step through the shared address form: title, description, and the map point by
 * "Use my current location" (the browser's location set to the point; coordinates are never typed).
 */
export async function addDeliveryAddress(
  page: Page,
  language: Language,
  title: string,
  point: { lat: string; lng: string },
) {
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation({ latitude: Number(point.lat), longitude: Number(point.lng) });
  await page.getByRole('button', { name: ORDERING_TEXT.addAddress[language] }).click();
  const form = page.getByTestId('address-form');
  await expect(form.getByTestId('address-map')).toBeVisible();
  await page.locator('#address-new-title').fill(title);
  await page.locator('#address-new-description').fill(language === 'ar' ? 'شارع العليا' : 'Olaya Street');
  await form.getByRole('button', { name: ORDERING_TEXT.useMyLocation[language] }).click();
  await expect(form.getByTestId('address-map')).toHaveAttribute('data-pin', 'placed');
  await form.getByRole('button', { name: ORDERING_TEXT.saveAddress[language] }).click();
  await expect(form).toHaveCount(0);
}

/** From /order-data to the confirmation page; returns the order id and the checkout's total as shown. */
export async function checkoutAndPlace(page: Page, notes: string, beforePlacing?: () => Promise<void>) {
  await expect(page).toHaveURL(new RegExp(`/order-data/${QR.main}$`));
  await page.locator('#order-notes').fill(notes);
  await page.getByTestId('continue').click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${QR.main}$`));
  const total = page.getByTestId('checkout-total');
  await expect(total).toBeVisible();
  await expect(page.getByTestId('review-notes')).toHaveText(notes);
  const previewTotal = (await total.textContent()) ?? '';
  await beforePlacing?.();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(new RegExp(`/confirm-order/${QR.main}\\?order=\\d+$`));
  const id = Number(new URL(page.url()).searchParams.get('order'));
  await expect(page.getByTestId('order-number')).toBeVisible();
  return { id, previewTotal };
}

/** Moves an order as the order board would. */
export async function moveOrder(baseURL: string, id: number, to: OrderStatus) {
  const context = await staffApi(baseURL, 'cashier');
  const response = await context.patch(`/api/staff/orders/${id}/status/`, { data: { to } });
  expect(response.ok(), `PATCH status → ${to}: ${response.status()} ${await response.text()}`).toBeTruthy();
}
