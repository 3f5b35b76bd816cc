import { inflateSync } from 'node:zlib';
import { manageTable } from '@sufra/shared/schemas/manage-tables';
import jsqr from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { PDF_PAGE_SIZES, visualRuns } from './table-cards-pdf.view.ts';

const BASE = '/api/staff/manage/tables';
// jsqr is CommonJS whose types describe an ES default export: the function is both the module and its `default`.
const jsQR = jsqr.default;

/** What a test needs of a PDF, read from its bytes: pdfkit writes its dictionaries plain and its page streams deflated. */
function readPdf(bytes: Buffer) {
  const text = bytes.toString('latin1');
  const boxes = [...text.matchAll(/\/Type \/Page\n[\s\S]*?\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((m) => [
    Number(m[1]),
    Number(m[2]),
  ]);
  const links = [...text.matchAll(/\/URI \(([^)]*)\)/g)].map((m) => m[1] ?? '');
  const streams = [...text.matchAll(/stream\n([\s\S]*?)\nendstream/g)].flatMap((m) => {
    try {
      return [inflateSync(Buffer.from(m[1] ?? '', 'latin1')).toString('latin1')];
    } catch {
      return []; // a font file or an image, not a page's drawing
    }
  });
  return { header: text.slice(0, 5), pages: (text.match(/\/Type \/Page\n/g) ?? []).length, boxes, links, streams };
}

/** The QR codes drawn in a page stream (its small squares, `x y w h re`), rasterised and read back by jsQR. */
function decodeQr(stream: string): string | undefined {
  const squares = [...stream.matchAll(/(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) re/g)]
    .map((m) => m.slice(1, 5).map(Number) as [number, number, number, number])
    .filter(([, , w]) => w < 12);
  if (squares.length === 0) return undefined;
  const scale = 4;
  const minX = Math.min(...squares.map((s) => s[0])) - 20;
  const minY = Math.min(...squares.map((s) => s[1])) - 20;
  const width = Math.ceil((Math.max(...squares.map((s) => s[0] + s[2])) - minX + 20) * scale);
  const height = Math.ceil((Math.max(...squares.map((s) => s[1] + s[3])) - minY + 20) * scale);
  const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
  for (const [x, y, w, h] of squares) {
    for (let py = Math.floor((y - minY) * scale); py < Math.ceil((y - minY + h) * scale); py += 1) {
      for (let px = Math.floor((x - minX) * scale); px < Math.ceil((x - minX + w) * scale); px += 1) {
        pixels.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3);
      }
    }
  }
  return jsQR(pixels, width, height)?.data;
}

describe('table cards as a PDF', () => {
  let t: TestApp;
  let owner: Caller;
  let manager: Caller;
  let cashier: Caller;
  let otherBrand: Caller;
  let mainBranch: number;
  let closedBranch: number;

  const staffCaller = async (who: { email: string; password: string }) => {
    const c = caller(t, { language: 'en' });
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const branchOf = async (uuid: string) => {
    const [row] = await t.database.query<{ id: number }>('select branch_id as id from qr_codes where uuid = $1', [
      uuid,
    ]);
    if (!row) throw new Error(`no QR ${uuid}`);
    return row.id;
  };
  const createTable = async (c: Caller, branchId: number, number: string) => {
    const res = await c.call('POST', `${BASE}/`, { branchId, number, seats: 2, area: '' });
    expect(res.statusCode, res.body).toBe(201);
    return manageTable.parse(res.json());
  };

  beforeAll(async () => {
    t = await createTestApp();
    mainBranch = await branchOf(UUID.aMain);
    closedBranch = await branchOf(UUID.aClosed);
    // The manager keeps the main branch only: the closed branch is the "another branch of the brand" case.
    await t.database.query(
      `delete from staff_user_branches where branch_id = $1
         and staff_user_id = (select id from staff_users where email = $2)`,
      [closedBranch, STAFF.aManager.email],
    );
    owner = await staffCaller(STAFF.aOwner);
    manager = await staffCaller(STAFF.aManager);
    cashier = await staffCaller(STAFF.aCashier);
    otherBrand = await staffCaller(STAFF.bManager);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('puts seven tables on two A4 pages and seven tent pages, each code a link and a QR that reads back', async () => {
    const tables = [];
    for (let i = 1; i <= 7; i += 1) tables.push(await createTable(manager, mainBranch, `P${i}`));
    const urls = tables.map((table) => table.codes[0]?.url ?? '');
    const ids = tables.map((table) => table.id).join(',');
    for (const size of ['a4', 'tent'] as const) {
      const res = await manager.call('GET', `${BASE}/cards.pdf?branchId=${mainBranch}&tableIds=${ids}&size=${size}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="table-cards-${size}.pdf"`);
      expect(res.headers['x-cards']).toBe('7');
      const pdf = readPdf(res.rawPayload);
      expect(pdf.header).toBe('%PDF-');
      expect(pdf.pages).toBe(size === 'a4' ? 2 : 7);
      const [w, h] = PDF_PAGE_SIZES[size];
      for (const box of pdf.boxes) {
        expect(box[0]).toBeCloseTo(w, 2);
        expect(box[1]).toBeCloseTo(h, 2);
      }
      expect(pdf.boxes).toHaveLength(pdf.pages);
      expect(new Set(pdf.links)).toEqual(new Set(urls));
      expect(urls.every((url) => /\/qr\/[0-9a-f-]{36}$/.test(url))).toBe(true);
      if (size === 'tent') {
        // One card a page: each page's QR squares decode to that table's URL, in the tables' order.
        const decoded = pdf.streams.map(decodeQr).filter((d): d is string => d !== undefined);
        expect(decoded).toEqual(urls);
      }
    }
  });

  it("leaves out a deactivated code's table and prints the replacement, not the replaced code", async () => {
    const kept = await createTable(manager, mainBranch, 'D1');
    const off = await createTable(manager, mainBranch, 'D2');
    const replaced = await createTable(manager, mainBranch, 'D3');
    const offUuid = off.codes[0]?.uuid ?? '';
    const oldUuid = replaced.codes[0]?.uuid ?? '';
    expect((await manager.call('POST', `${BASE}/qr-codes/${offUuid}/deactivate/`)).statusCode).toBe(200);
    const fresh = await manager.call('POST', `${BASE}/qr-codes/${oldUuid}/replace/`);
    expect(fresh.statusCode).toBe(201);
    const freshUuid = (fresh.json() as { uuid: string }).uuid;
    const ids = [kept.id, off.id, replaced.id].join(',');
    const res = await manager.call('GET', `${BASE}/cards.pdf?branchId=${mainBranch}&tableIds=${ids}&size=tent`);
    expect(res.statusCode).toBe(200);
    const text = res.rawPayload.toString('latin1');
    expect(text).toContain(kept.codes[0]?.uuid ?? 'missing');
    expect(text).toContain(freshUuid);
    expect(text).not.toContain(offUuid);
    expect(text).not.toContain(oldUuid);
    expect(readPdf(res.rawPayload).pages).toBe(2);
  });

  it('answers one blank page when no table has an active code, and 400 for a bad size or table list', async () => {
    const none = await manager.call('GET', `${BASE}/cards.pdf?branchId=${mainBranch}&tableIds=999999`);
    expect(none.statusCode).toBe(200);
    expect(none.headers['x-cards']).toBe('0');
    expect(readPdf(none.rawPayload).pages).toBe(1);
    expect((await manager.call('GET', `${BASE}/cards.pdf?branchId=${mainBranch}&size=a5`)).statusCode).toBe(400);
    const huge = await manager.call('GET', `${BASE}/cards.pdf?branchId=${mainBranch}&tableIds=4023528977`);
    expect(huge.statusCode).toBe(400);
  });

  it('lets the owner print any branch of the brand and refuses the others', async () => {
    const theirs = await createTable(owner, closedBranch, 'O1');
    const res = await owner.call('GET', `${BASE}/cards.pdf?branchId=${closedBranch}&tableIds=${theirs.id}`);
    expect(res.statusCode).toBe(200);
    expect(readPdf(res.rawPayload).links).toEqual([theirs.codes[0]?.url]);
    // A manager, another branch of the brand: 403, also with that branch's table named in the list.
    const other = await manager.call('GET', `${BASE}/cards.pdf?branchId=${closedBranch}`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ error: { code: 'branch_out_of_scope' } });
    // My branch, their table in the list: the card is not printed.
    const mixed = await manager.call('GET', `${BASE}/cards.pdf?branchId=${mainBranch}&tableIds=${theirs.id}`);
    expect(mixed.statusCode).toBe(200);
    expect(mixed.headers['x-cards']).toBe('0');
    expect(mixed.rawPayload.toString('latin1')).not.toContain(theirs.codes[0]?.uuid ?? 'missing');
    expect((await cashier.call('GET', `${BASE}/cards.pdf?branchId=${mainBranch}`)).statusCode).toBe(403);
    expect((await otherBrand.call('GET', `${BASE}/cards.pdf?branchId=${mainBranch}`)).statusCode).toBe(404);
    expect((await caller(t).call('GET', `${BASE}/cards.pdf?branchId=${mainBranch}`)).statusCode).toBe(401);
  });
});

describe('a card line in visual order', () => {
  it('draws an Arabic phrase as one right-to-left run and keeps Latin and digits left to right', () => {
    const runs = visualRuns('قهوة البيت · Qahwat al-Bait 2', 'rtl');
    // Drawn left to right: the English name (with its digit) first, then the dot, then the Arabic name.
    expect(runs.map((r) => [r.text, r.level % 2 === 1 ? 'rtl' : 'ltr', r.arabic])).toEqual([
      ['Qahwat al-Bait 2', 'ltr', false],
      ['· ', 'rtl', false],
      ['قهوة البيت ', 'rtl', true],
    ]);
  });

  it('keeps a table number in Latin digits inside an Arabic label after the Arabic word', () => {
    const runs = visualRuns('طاولة 12', 'rtl');
    expect(runs.map((r) => r.text)).toEqual(['12', 'طاولة ']);
  });
});
