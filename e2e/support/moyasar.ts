/**
 * The Moyasar journeys' server: a second API process (PAYMENT_PROVIDER=moyasar) on its own port, next to the fake
 * Moyasar (apps/api/test/fake-moyasar.ts) that support/serve-moyasar.ts starts. The rest of the suite keeps the
 * default test gateway on E2E_PORT.
 */
import { expect, type Page } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';

const basePort = Number(process.env.E2E_PORT ?? 3210);

export const MOYASAR_E2E = {
  /** Our API and web app, with Moyasar as the card provider. */
  port: Number(process.env.E2E_MOYASAR_PORT ?? basePort + 1),
  /** The fake Moyasar's API (http://127.0.0.1:{port}/v1). */
  fakePort: Number(process.env.E2E_FAKE_MOYASAR_PORT ?? basePort + 2),
  secretKey: 'sk_test_e2e_only_fake_moyasar',
  publishableKey: 'pk_test_e2e_only_fake_moyasar',
  webhookSecret: 'e2e-only-fake-moyasar-webhook-secret',
} as const;

export const moyasarBaseURL = `http://127.0.0.1:${MOYASAR_E2E.port}`;

/** The fake's test cards (FAKE_MOYASAR_CARDS in apps/api/test/fake-moyasar.ts). */
export const MOYASAR_CARDS = {
  approved: '4111 1111 1111 1111',
  /** Passes 3-D Secure, then the issuer declines it. */
  declined: '4000 0000 0000 0002',
} as const;

/** Our card page (/card/{uuid}?order=), filled as a diner would. */
export async function fillMoyasarCard(
  page: Page,
  card: { number: string; expiry?: string; cvv?: string; holder?: string },
) {
  await page.getByLabel(/Name on the card|الاسم على البطاقة/).fill(card.holder ?? 'Noura Alqahtani');
  await page.locator('#card-number').fill(card.number);
  await page.locator('#card-expiry').fill(card.expiry ?? `12/${String((new Date().getUTCFullYear() + 1) % 100)}`);
  await page.locator('#card-cvv').fill(card.cvv ?? '123');
}

/** The fake's 3-D Secure page: one button, then Moyasar sends the diner back to /payment/{uuid}. */
export async function passFakeThreeDSecure(page: Page, language: Language) {
  await expect(page).toHaveURL(new RegExp(`127\\.0\\.0\\.1:${MOYASAR_E2E.fakePort}/v1/transaction_auths/`));
  // In the diner's language: our API asks Moyasar for it (Accept-Language on the payment's create).
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await page.getByRole('button', { name: language === 'ar' ? 'أكمل التحقق' : 'Complete verification' }).click();
}
