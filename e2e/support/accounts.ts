/**
 * What the account journeys share: unique phone numbers, the demo staff, reading the 4-digit code from the SMS outbox
 * as the demo manager (through the staff API, like the staff app's outbox screen), and the registration form.
 */
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { Language } from '../../packages/shared/src/language.ts';
import type { SessionResponse } from '../../packages/shared/src/schemas/auth.ts';
import type { SmsOutboxEntry } from '../../packages/shared/src/schemas/staff.ts';
import { STAFF, staffApi } from './staff-api.ts';
import { QR } from './sufra.ts';

export { STAFF };

/**
 * A Saudi mobile nobody else in this run uses (workers run in parallel and the send limits are per phone):
 * 5 + a mobile operator digit + 7 random digits, national form.
 */
export function uniqueMobile(): { national: string; e164: string } {
  const operator = ['0', '3', '4', '5', '6', '8', '9'][Math.floor(Math.random() * 7)];
  const rest = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  const national = `5${operator}${rest}`;
  return { national, e164: `+966${national}` };
}

/**
 * The newest code sent to `e164` (after `after`, an outbox message id), waiting for the SMS to reach the outbox.
 * Returns the code and the message id, so a later call can ask for a newer one.
 */
export async function readCode(baseURL: string, e164: string, after = 0): Promise<{ code: string; id: number }> {
  const context = await staffApi(baseURL, 'manager');
  let found: SmsOutboxEntry | undefined;
  await expect(async () => {
    const response = await context.get('/api/staff/sms-outbox/');
    expect(response.ok(), `GET /api/staff/sms-outbox/ → ${response.status()}`).toBeTruthy();
    const { messages } = (await response.json()) as { messages: SmsOutboxEntry[] };
    found = messages.filter((m) => m.to === e164 && m.id > after).sort((a, b) => b.id - a.id)[0];
    expect(found, `an SMS to ${e164}`).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  const code = found?.body.match(/\d{4}/)?.[0];
  if (!code || !found) throw new Error(`no 4-digit code in "${found?.body}"`);
  return { code, id: found.id };
}

/**
 * Signs a new diner in at the QR's brand through the OTP flow's API (`POST /api/auth/{uuid}/otp/`, the code read from
 * the outbox, `…/otp/verify/` with a profile: a registration), in `request`'s cookie jar: a context of its own for a
 * diner driven through the API, or a page's (`page.request`) for one who goes on in the browser.
 */
export async function signInByOtp(request: APIRequestContext, baseURL: string, name: string, uuid: string = QR.main) {
  const phone = uniqueMobile();
  const sent = await request.post(`/api/auth/${uuid}/otp/`, { data: { phone: { phone_number: phone.national } } });
  expect(sent.status(), `POST otp → ${await sent.text()}`).toBe(202);
  const { requestId } = (await sent.json()) as { requestId: string };
  const { code, id } = await readCode(baseURL, phone.e164);
  const verified = await request.post(`/api/auth/${uuid}/otp/verify/`, {
    data: { requestId, code, profile: { fullName: name } },
  });
  expect(verified.ok(), `POST otp/verify → ${verified.status()} ${await verified.text()}`).toBeTruthy();
  const { customer } = (await verified.json()) as SessionResponse;
  return { name, phone, brandId: customer.brandId, lastCodeId: id };
}

/** A code that is not `code` (for the wrong-code message). */
export const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

export const TEXTS = {
  sendCode: { ar: 'أرسل الرمز', en: 'Send code' },
  resend: { ar: 'إعادة إرسال الرمز', en: 'Resend code' },
  signIn: { ar: 'تسجيل الدخول', en: 'Sign in' },
  signOut: { ar: 'تسجيل الخروج', en: 'Sign out' },
  register: { ar: 'تسجيل', en: 'Register' },
  fullName: { ar: 'الاسم الكامل', en: 'Full name' },
  mobile: { ar: 'رقم الجوال', en: 'Mobile number' },
  email: { ar: 'البريد الإلكتروني', en: 'Email' },
  city: { ar: 'المدينة', en: 'City' },
  ageGroup: { ar: 'الفئة العمرية', en: 'Age group' },
  code: { ar: 'رمز التحقق', en: 'Verification code' },
  welcome: { ar: /أهلًا بك/, en: /Welcome, / },
  welcomeBack: { ar: /أهلًا بعودتك/, en: /Welcome back/ },
  alreadyRegistered: { ar: 'أنت مسجل بالفعل', en: 'You are already registered' },
  save: { ar: 'حفظ التغييرات', en: 'Save changes' },
  profileSaved: { ar: 'تم حفظ ملفك الشخصي', en: 'Your profile is saved' },
  changeMobile: { ar: 'تغيير رقم الجوال', en: 'Change mobile number' },
  newMobile: { ar: 'رقم الجوال الجديد', en: 'New mobile number' },
  addAddress: { ar: 'أضف عنوانًا', en: 'Add an address' },
  saveAddress: { ar: 'حفظ العنوان', en: 'Save address' },
  staffEmail: { ar: 'البريد الإلكتروني', en: 'Email' },
  staffPassword: { ar: 'كلمة المرور', en: 'Password' },
} as const satisfies Record<string, Record<Language, string | RegExp>>;

export interface Diner {
  name: string;
  phone: { national: string; e164: string };
  /** The outbox id of the last code sent to this phone (a later readCode asks for a newer one). */
  lastCodeId?: number;
}

/**
 * Clicks "send code" until the code step shows. The API refuses a second code to one number within 30 s with a
 * 429 and Retry-After; the button then counts down, disabled, and this waits it out (journeys that sign a number in
 * again right after registering it need that).
 */
export async function sendCode(page: Page, language: Language, button?: Locator) {
  const send = button ?? page.getByRole('button', { name: TEXTS.sendCode[language] });
  const codeInput = page.locator('#otp-code');
  await send.click();
  await expect(async () => {
    if (await codeInput.isVisible()) return;
    // isVisible() does not wait; isEnabled() would wait for a button the code step has removed.
    if ((await send.isVisible()) && (await send.isEnabled())) await send.click();
    await expect(codeInput).toBeVisible({ timeout: 1_500 });
  }).toPass({ timeout: 45_000 });
}

/** Fills the registration form (name, mobile, email, age group, gender, city) and asks for the code. */
export async function fillRegistration(page: Page, language: Language, diner: Diner, email = '') {
  await page.getByLabel(TEXTS.fullName[language], { exact: true }).fill(diner.name);
  await page.locator('#phone').fill(diner.phone.national);
  if (email) await page.locator('#email').fill(email);
  await page.locator('#ageGroup').selectOption('25_39');
  await page.locator('input[name=gender][value=female]').check({ force: true });
  await page.locator('#city').fill(language === 'ar' ? 'الرياض' : 'Riyadh');
  await sendCode(page, language);
}

/** Registers a new diner through the UI at `/register/{uuid}` and waits until the app is back on the menu, signed in. */
export async function registerDiner(page: Page, baseURL: string, language: Language, uuid: string = QR.main) {
  const diner: Diner = { name: `Diner ${Math.random().toString(36).slice(2, 7)}`, phone: uniqueMobile() };
  await page.goto(`/register/${uuid}`);
  await fillRegistration(page, language, diner);
  const codeInput = page.locator('#otp-code');
  await expect(codeInput).toBeFocused();
  const { code, id } = await readCode(baseURL, diner.phone.e164);
  await codeInput.fill(code);
  await expect(page).toHaveURL(new RegExp(`/menu/${uuid}$`));
  await expect(page.getByTestId('account-entry')).toContainText(diner.name.split(' ')[0] ?? diner.name);
  return { ...diner, lastCodeId: id };
}

/**
 * A new diner signed in for a journey whose subject comes after the sign-in: registered through the OTP flow's API in
 * the page's cookie jar (about a second, where the registration form took three to five), with the hint the register
 * page leaves at sign-in (`sufra.customer.brands`, apps/web/src/lib/session-hint.ts) set before the app's first page,
 * so the app asks for the session. The registration form itself is accounts.spec's, in both languages.
 */
export async function signInDiner(page: Page, baseURL: string, uuid: string = QR.main): Promise<Diner> {
  const diner = await signInByOtp(page.request, baseURL, `Diner ${Math.random().toString(36).slice(2, 7)}`, uuid);
  await page.context().addInitScript((brandId) => {
    try {
      if (!localStorage.getItem('sufra.customer.brands')) {
        localStorage.setItem('sufra.customer.brands', JSON.stringify([brandId]));
      }
    } catch {
      // A page without storage of its own (about:blank).
    }
  }, diner.brandId);
  return diner;
}
