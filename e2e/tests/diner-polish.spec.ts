import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { readCode, registerDiner, sendCode, signInDiner, TEXTS, uniqueMobile } from '../support/accounts.ts';
import { itemWithRequiredGroup } from '../support/demo-menu.ts';
import { picture, SHOTS } from '../support/screenshots.ts';
import {
  dismissPopup,
  errorText,
  fetchMenu,
  imagesSettled,
  itemPath,
  LANGUAGES,
  QR,
  useLanguage,
  waitForApp,
} from '../support/sufra.ts';

// Issue 13 items 18–21: what only a browser shows (errors clearing, dead ends, digits, layout, touch targets), with
// phone-sized screenshots of the screens these items touched, in both languages.
const shotsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  if (!SHOTS) return;
  await imagesSettled(page);
  await picture(page, { path: join(shotsDir, `${name}.png`), animations: 'disabled', caret: 'hide' });
}

const WESTERN_DIGIT = /[0-9]/;

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
}

const T = {
  favourites: { ar: 'المفضلة', en: 'Favourites' },
  orderNotFound: { ar: 'لم نجد هذا الطلب', en: 'Order not found' },
  orderPlaced: { ar: 'تم استلام الطلب', en: 'Order placed' },
  myOrders: { ar: 'طلباتي', en: 'My orders' },
  retry: { ar: 'حاول مرة أخرى', en: 'Try again' },
  scanToStart: { ar: /امسح رمز QR/, en: /Scan the QR code/ },
  close: { ar: 'إغلاق', en: 'Close' },
  addTitle: { ar: 'العنوان', en: 'Title' },
} as const;

for (const language of LANGUAGES) {
  test.describe(`diner polish (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      if (language !== 'ar') await useLanguage(page, language);
    });

    test('a registration e-mail error goes as soon as the e-mail is valid, before sending again', async ({ page }) => {
      await page.goto(`/register/${QR.main}`);
      await page.getByLabel(TEXTS.fullName[language], { exact: true }).fill('Reem');
      await page.locator('#phone').fill(uniqueMobile().national);
      await page.locator('#email').fill('reem@');
      await page.getByRole('button', { name: TEXTS.sendCode[language] }).click();
      await expect(page.getByTestId('email-error')).toHaveText(errorText('email_invalid', language));
      await page.locator('#email').fill('reem@example');
      await expect(page.getByTestId('email-error')).toBeVisible(); // still wrong
      await page.locator('#email').fill('reem@example.sa');
      await expect(page.getByTestId('email-error')).toHaveCount(0);
      await expect(page.locator('#email')).not.toHaveAttribute('aria-invalid', 'true');
    });

    test('switching between sign-in and create account changes the address, and Back returns', async ({ page }) => {
      await page.goto(`/register/${QR.main}`);
      await waitForApp(page);
      await page.getByTestId('mode-switch').click();
      await expect(page).toHaveURL(new RegExp(`/register/${QR.main}\\?mode=signin$`));
      await expect(page.getByLabel(TEXTS.fullName[language], { exact: true })).toHaveCount(0);
      await page.reload();
      await expect(page.getByLabel(TEXTS.fullName[language], { exact: true })).toHaveCount(0);
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/register/${QR.main}$`));
      await expect(page.getByLabel(TEXTS.fullName[language], { exact: true })).toBeVisible();
    });

    test('numbers on the menu, the item page, the table landing and the sign-up form use one digit system', async ({
      page,
      request,
    }) => {
      const menu = await fetchMenu(request, language);
      await page.goto(itemPath(itemWithRequiredGroup(menu)));
      await expect(page.getByTestId('add-to-cart')).toBeVisible();
      const itemText = (await page.locator('main').textContent()) ?? '';
      if (language === 'ar') expect(itemText).not.toMatch(WESTERN_DIGIT);
      else expect(itemText).not.toMatch(/[٠-٩]/);

      await page.goto(`/qr/${QR.mainTable1}`);
      await dismissPopup(page);
      const table = page.getByText(language === 'ar' ? /طاولة/ : /Table/).first();
      await expect(table).toBeVisible();
      if (language === 'ar') await expect(table).not.toHaveText(WESTERN_DIGIT);

      await page.goto(`/register/${QR.main}`);
      await expect(page.locator('#ageGroup')).toBeVisible();
      const ages = await page.locator('#ageGroup option').allInnerTexts();
      expect(ages.length).toBeGreaterThan(1);
      if (language === 'ar') for (const age of ages) expect(age).not.toMatch(WESTERN_DIGIT);
    });

    test('"Add to cart" and its total stay on one line on a phone, whole', async ({ page, request }) => {
      const menu = await fetchMenu(request, language);
      // The longest total: the dearest dish, a dozen of it (a wrapped label doubled the bar's height).
      const [dearest] = menu.items
        .filter((i) => i.available && !i.combo)
        .sort((a, b) => b.priceHalalas - a.priceHalalas);
      if (!dearest) throw new Error('no available dish');
      await page.goto(itemPath(dearest));
      const button = page.getByTestId('add-to-cart');
      await expect(button).toBeVisible();
      await waitForApp(page);
      const more = page.getByRole('button', { name: language === 'ar' ? /زيادة/ : /increase/i });
      for (let i = 1; i < 12; i += 1) await more.click();
      await expect(page.locator('.stepper__value')).toHaveText(language === 'ar' ? '١٢' : '12');
      const label = button.locator('span').first();
      expect((await box(label)).height).toBeLessThanOrEqual(26); // one line of text
      expect((await box(button)).height).toBeLessThanOrEqual(53);
      // Not cut either: the whole label shows.
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await shoot(page, `item-total-${language}`);
    });

    test('favourites survive a reload, are listed first on the menu, and follow a signed-in diner', async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      await page.goto(`/menu/${QR.main}`);
      await waitForApp(page);
      const firstCard = page.getByTestId('item-card').first();
      const name = ((await firstCard.locator('.item-card__name').textContent()) ?? '').trim();
      const href = await firstCard.getByRole('link').getAttribute('href');
      await firstCard.getByRole('button', { pressed: false }).click();
      await page.reload();
      const favourites = page.getByRole('region', { name: T.favourites[language] });
      await expect(favourites).toBeVisible();
      await expect(favourites.getByTestId('item-card')).toHaveCount(1);
      await expect(favourites.getByTestId('item-card')).toContainText(name);
      await expect(favourites.getByRole('button', { pressed: true })).toBeVisible();
      await shoot(page, `menu-favourites-${language}`);

      // Signing in hands the browser's favourite to the account; another browser of the diner sees it.
      const diner = await registerDiner(page, baseURL ?? '', language);
      await expect(page.getByRole('region', { name: T.favourites[language] })).toBeVisible();
      await expect(async () => {
        const kept = await page.request.get(`/api/customers/${QR.main}/me/favourites/`);
        expect(kept.status(), await kept.text()).toBe(200);
        expect(((await kept.json()) as { itemIds: number[] }).itemIds).toHaveLength(1);
      }).toPass();
      // Another browser: the same diner signs in there. That browser is in Arabic whatever this one's language, so
      // this half is checked once.
      if (language !== 'ar') return;
      const other = await browser.newContext({ baseURL });
      const otherPage = await other.newPage();
      await otherPage.goto(`/register/${QR.main}?mode=signin`);
      await otherPage.locator('#phone').fill(diner.phone.national);
      await sendCode(otherPage, 'ar');
      const { code } = await readCode(baseURL ?? '', diner.phone.e164, diner.lastCodeId);
      await otherPage.locator('#otp-code').fill(code);
      await expect(otherPage).toHaveURL(new RegExp(`/menu/${QR.main}$`));
      // (that browser shows Arabic: the same dish by its link)
      await expect(
        otherPage.getByRole('region', { name: /المفضلة|Favourites/ }).getByRole('link', { includeHidden: true }),
      ).toHaveAttribute('href', href ?? '');
      // Unmarked there: gone here after a reload.
      await otherPage
        .getByRole('region', { name: /المفضلة|Favourites/ })
        .getByRole('button', { pressed: true })
        .click();
      await expect(otherPage.getByRole('region', { name: /المفضلة|Favourites/ })).toHaveCount(0);
      await other.close();
      await page.reload();
      await expect(page.getByTestId('item-card').first()).toBeVisible();
      await expect(page.getByRole('region', { name: T.favourites[language] })).toHaveCount(0);
    });

    test('search finds a dish by its name in either language, whatever the interface language', async ({ page }) => {
      await page.goto(`/menu/${QR.main}`);
      await waitForApp(page);
      const search = page.getByRole('searchbox');
      for (const query of ['shawarma', 'شاورما']) {
        await search.fill(query);
        await expect(page.getByTestId('item-card').first()).toBeVisible();
        await expect(page.getByTestId('item-card').first()).toContainText(language === 'ar' ? 'شاورما' : /Shawarma/i);
      }
    });

    test('a foreign or missing order on the confirmation page: one message, one way on', async ({ page, baseURL }) => {
      await signInDiner(page, baseURL ?? '');
      await page.goto(`/confirm-order/${QR.main}?order=2147483000`);
      await expect(page.getByRole('heading', { name: T.orderNotFound[language] })).toBeVisible();
      await expect(page.getByText(errorText('order_not_found', language))).toBeVisible();
      await expect(page.getByText(T.orderPlaced[language])).toHaveCount(0);
      await expect(page.getByRole('button', { name: T.retry[language] })).toHaveCount(0);
      await shoot(page, `confirm-order-not-found-${language}`);
      await page.getByRole('link', { name: T.myOrders[language] }).click();
      await expect(page).toHaveURL(new RegExp(`/orders/${QR.main}`));
    });

    test('/deactivated of a live restaurant goes on to its landing page; a switched-off one still says so', async ({
      page,
    }) => {
      await page.goto(`/deactivated/${QR.main}`);
      await expect(page).toHaveURL(new RegExp(`/qr/${QR.main}$`));
      await expect(page.getByText(errorText('service_deactivated', language))).toHaveCount(0);
      await page.goto(`/deactivated/${QR.deactivatedBrand}`);
      await expect(page.getByText(errorText('service_deactivated', language))).toBeVisible();
      await shoot(page, `deactivated-${language}`);
    });

    test('/reference/{code} with a code nobody has says how to get to a menu; pages speak in the brand name', async ({
      page,
      request,
    }) => {
      const qr = await request.get(`/api/restaurant/qr/${QR.main}/data/`);
      const brand = ((await qr.json()) as { brand: { name: Record<'ar' | 'en', string> } }).brand.name[language];
      await page.goto('/reference/ABC123');
      await expect(page.getByText(T.scanToStart[language])).toBeVisible();
      // The tab's title: the restaurant's name, not the platform's.
      await page.goto(`/register/${QR.main}`);
      await expect(page).toHaveTitle(new RegExp(`\\| ${brand}$`));
    });

    test('the profile: phone and "member since" apart, address errors clear when fixed, a real close button on the toast', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      await signInDiner(page, baseURL ?? '');
      await page.goto(`/edit-profile/${QR.main}`);
      const summary = page.getByTestId('profile-summary');
      await expect(summary).toBeVisible();
      const phone = await box(page.getByTestId('profile-phone'));
      const since = await box(summary.locator('dd').nth(1));
      const overlap =
        phone.x < since.x + since.width &&
        since.x < phone.x + phone.width &&
        phone.y < since.y + since.height &&
        since.y < phone.y + phone.height;
      expect(overlap).toBe(false);
      const summaryBox = await box(summary);
      expect(phone.x).toBeGreaterThanOrEqual(summaryBox.x);
      expect(phone.x + phone.width).toBeLessThanOrEqual(summaryBox.x + summaryBox.width);
      await shoot(page, `edit-profile-${language}`);

      await page.getByRole('button', { name: TEXTS.addAddress[language] }).click();
      const form = page.getByTestId('address-form');
      await form.getByRole('button', { name: TEXTS.saveAddress[language] }).click();
      const titleError = form.locator('[id$="-title-error"]');
      const descriptionError = form.locator('[id$="-description-error"]');
      await expect(titleError).toBeVisible();
      await expect(descriptionError).toBeVisible();
      await form.locator('[id$="-title"]').first().fill('Home');
      await expect(titleError).toHaveCount(0);
      await expect(descriptionError).toBeVisible(); // only the fixed field's error goes
      await shoot(page, `address-form-errors-${language}`);

      // The profile's save shows a toast: its close button is a full touch target named in the page's language.
      await page.getByRole('button', { name: TEXTS.save[language] }).click();
      const close = page.locator('#toasts').getByRole('button', { name: T.close[language] });
      await expect(close).toBeVisible();
      await expect(close).toBeInViewport({ ratio: 1 }); // slid in
      const closeBox = await box(close);
      // (sub-pixel layout may answer 43.99997 for a 44 px box)
      expect(closeBox.width).toBeGreaterThanOrEqual(43.99);
      expect(closeBox.height).toBeGreaterThanOrEqual(43.99);
      // Animations left running: the toast's timer is its progress bar's animation, which "disabled" would end.
      await picture(page, { path: join(shotsDir, `toast-${language}.png`), animations: 'allow', caret: 'hide' });
      // A diner who asks for less motion keeps the toast's time: its bar's animation is not cut with the others.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await expect(page.locator('#toasts .Toastify__progress-bar--animated')).toHaveCSS('animation-duration', '5s');
      await expect(close).toBeVisible();
      await close.click();
      await expect(close).toHaveCount(0);
    });
  });
}
