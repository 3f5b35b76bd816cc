import { randomUUID } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import type { ManageBranchList } from '../../packages/shared/src/schemas/branch-manage.ts';
import type { Order } from '../../packages/shared/src/schemas/order.ts';
import { consoleAs } from '../support/console.ts';
import { plainItem } from '../support/demo-menu.ts';
import { signedInDiner } from '../support/diner-api.ts';
import { picture, SHOTS } from '../support/screenshots.ts';
import { staffApi } from '../support/staff-api.ts';
import { errorText, fetchMenu, LANGUAGES, QR } from '../support/sufra.ts';

/**
 * Issue 26 items 4-5 in a browser: a manager sets up a branch's special day and draws a delivery zone on the map;
 * a diner's address inside it is then accepted with its fee, and one outside refused with the spec's message.
 * The zone is deleted again at the end (through the page), so other journeys see the demo brand's zones.
 */
const keptDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots/console');
const shotsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../.tmp/shots/console');
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
] as const;
const BRANCH = 'King Fahd Road';

async function shoot(page: Page, name: string, keep: boolean) {
  if (!SHOTS) return;
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const dir = keep && size.width === 1280 ? keptDir : shotsDir;
    await picture(page, { path: join(dir, `${name}-${size.width}.png`), animations: 'disabled', caret: 'hide' });
  }
  await page.setViewportSize(SIZES[0]);
}

// Both languages edit the same branch from the version they read: side by side, the second save is (rightly) a
// conflict (the clean-clone run at 17:06). One after the other, in one worker.
test.describe.configure({ mode: 'default' });

for (const language of LANGUAGES) {
  test(`a manager sets a special day and draws a zone; a diner inside pays its fee, outside is refused (${language})`, async ({
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const page = await consoleAs(browser, base, 'manager', language, '/staff/manage/branches');
    const staff = await staffApi(base, 'manager');
    const list = (await (await staff.get('/api/staff/manage/branches/')).json()) as ManageBranchList;
    const branch = list.branches.find((b) => b.name.en === BRANCH);
    if (!branch) throw new Error(`no ${BRANCH}`);
    await expect(page.getByTestId('branches-table')).toBeVisible();
    await expect(page.getByTestId(`branch-row-${branch.id}`).getByTestId('branch-status')).toBeVisible();
    await shoot(page, `branches-list-${language}`, true);

    // A special day far ahead (closed): the editor saves it from the version it read.
    await page.getByTestId(`branch-edit-${branch.id}`).click();
    await expect(page.getByTestId('branch-map')).toBeVisible();
    await shoot(page, `branch-form-${language}`, true);
    await page.getByTestId('special-day-add').click();
    // The new row is the last (an earlier run of this journey may have left one).
    await page
      .locator('tr[data-testid^="special-day-"]')
      .last()
      .locator('input[type=date]')
      .fill(language === 'ar' ? '2031-01-02' : '2031-01-03');
    await expect(page.getByTestId('save-bar')).toHaveAttribute('data-state', 'dirty');
    await page.getByTestId('save-bar-save').click();
    await expect(page.getByTestId('save-bar')).toHaveAttribute('data-state', 'saved');

    // Draw a zone: four corners around the map's middle, then the first again to close it.
    await page.getByTestId('zone-draw').click();
    const map = page.getByTestId('branch-map');
    await map.scrollIntoViewIfNeeded();
    const box = await map.boundingBox();
    if (!box) throw new Error('no map');
    const cx = box.width / 2;
    const cy = box.height / 2;
    const corners = [
      [cx - 60, cy - 50],
      [cx + 60, cy - 50],
      [cx + 60, cy + 50],
      [cx - 60, cy + 50],
      [cx - 60, cy - 50],
    ] as const;
    for (const [x, y] of corners) await map.click({ position: { x, y } });
    await expect(page.getByTestId('zone-outline-status')).toContainText(language === 'ar' ? '٤' : '4');
    await page.getByTestId('zone-nameAr').fill('منطقة الرحلة');
    await page.getByTestId('zone-nameEn').fill('Journey zone');
    await page.getByTestId('zone-fee').fill('7.5');
    await page.getByTestId('zone-minimum').fill('0');
    await page.getByTestId('zone-priority').fill('50');
    await shoot(page, `branch-zone-drawn-${language}`, false);
    await page.getByTestId('zone-save').click();
    await expect(page.getByTestId('zones-table')).toContainText(language === 'ar' ? 'منطقة الرحلة' : 'Journey zone');
    await shoot(page, `branch-editor-${language}`, true);

    // The diner: an address in the middle of the new zone is delivered for its fee; one in Jeddah is refused.
    const after = (await (await staff.get('/api/staff/manage/branches/')).json()) as ManageBranchList;
    const zone = after.branches.find((b) => b.id === branch.id)?.zones.find((z) => z.name.en === 'Journey zone');
    if (!zone) throw new Error('the zone was not saved');
    const ring = zone.geometry.coordinates[0] as [number, number][];
    const inside = {
      lng: ring.slice(0, -1).reduce((s, p) => s + p[0], 0) / 4,
      lat: ring.slice(0, -1).reduce((s, p) => s + p[1], 0) / 4,
    };
    const diner = await signedInDiner(base, `Zone ${language}`);
    const menu = await fetchMenu(diner.request, language, QR.main);
    const address = async (location: { lat: number; lng: number }) => {
      const res = await diner.request.post(`/api/customers/${QR.main}/me/addresses/`, {
        data: { title: 'Home', description: 'Street 1', location },
      });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { id: number }).id;
    };
    const order = (addressId: number) =>
      diner.request.post(`/api/orders/${QR.main}/`, {
        headers: { 'Idempotency-Key': randomUUID(), 'Accept-Language': language },
        data: {
          orderType: 3,
          branchId: branch.id,
          addressId,
          paymentMethod: 'cash',
          lines: [{ kind: 'product', itemId: plainItem(menu).id, quantity: 4, modifiers: [] }],
        },
      });
    const accepted = await order(await address(inside));
    expect(accepted.status(), await accepted.text()).toBe(201);
    expect(((await accepted.json()) as Order).pricing.deliveryFee).toBe(750);
    const refused = await order(await address({ lat: 21.4858, lng: 39.1925 }));
    expect(refused.status()).toBe(422);
    expect((await refused.json()).error.message).toBe(errorText('address_not_covered', language));

    // Cleanup through the page: delete the zone (confirmed).
    page.once('dialog', (dialog) => void dialog.accept());
    await page
      .getByTestId(`zone-row-${zone.id}`)
      .getByRole('button', { name: language === 'ar' ? 'حذف' : 'Delete' })
      .click();
    await expect(page.getByTestId(`zone-row-${zone.id}`)).toHaveCount(0);
  });
}
