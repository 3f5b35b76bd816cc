import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brandSettings } from '@sufra/shared/schemas/brand-settings';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { STAFF, UUID } from '../../../test/fixture-brands.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditLog } from '../../db/schema/audit.ts';

const SETTINGS = '/api/staff/manage/brand/';
const LOGO = '/api/staff/manage/brand/logo/';

function multipart(name: string, body: Buffer) {
  const boundary = '----sufra-logo';
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="logo.png"\r\ncontent-type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), body, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A 1200×800 PNG with a transparent half and EXIF (a phone's kind of metadata) that must not survive. */
const bigLogo = () =>
  sharp({ create: { width: 1200, height: 800, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      {
        input: { create: { width: 600, height: 800, channels: 4, background: { r: 91, g: 33, b: 182, alpha: 1 } } },
        left: 0,
        top: 0,
      },
    ])
    .withExif({ IFD0: { Copyright: 'secret-serial-123' } })
    .png()
    .toBuffer();

describe("the brand's logo in the console (issue 26 item 8)", () => {
  let t: TestApp;
  let owner: Caller;
  let manager: Caller;
  let cashier: Caller;
  let otherBrand: Caller;
  let brandA = 0;
  let brandB = 0;

  const staffCaller = async (who: { email: string; password: string }, language = 'en') => {
    const c = caller(t, { language });
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const read = async (c: Caller) => brandSettings.parse((await c.call('GET', SETTINGS)).json());
  const upload = async (c: Caller, bytes: Buffer, version: number, part = 'logo') => {
    const { payload, headers } = multipart(part, bytes);
    return c.call('POST', `${LOGO}?version=${version}`, payload, headers);
  };
  const dinerLogo = async (uuid: string) => {
    const res = await caller(t).call('GET', `/api/restaurant/qr/${uuid}/data/`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().brand.logo as string | null;
  };
  const storedLogos = (brandId: number) => {
    const dir = join(t.config.uploadsDir, 'logos', String(brandId));
    return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.webp')) : [];
  };
  const lastAudit = async () => {
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.brandId, brandA), eq(auditLog.objectType, 'brand')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return row;
  };

  beforeAll(async () => {
    t = await createTestApp();
    brandA = t.seeded.get('test-brand-a')?.brandId as number;
    brandB = t.seeded.get('test-brand-b')?.brandId as number;
    owner = await staffCaller(STAFF.aOwner);
    manager = await staffCaller(STAFF.aManager, 'ar');
    cashier = await staffCaller(STAFF.aCashier);
    otherBrand = await staffCaller(STAFF.bManager);
  });
  afterAll(async () => {
    await t.close();
  });

  it('uploads a logo: re-encoded as WebP at 512 px at most, transparency kept, metadata gone, audited, shown to diners', async () => {
    const before = await read(owner);
    const res = await upload(owner, await bigLogo(), before.version);
    expect(res.statusCode, res.body).toBe(200);
    const saved = brandSettings.parse(res.json());
    expect(saved.version).toBe(before.version + 1);
    expect(saved.logo).toMatch(new RegExp(`^/api/brand/logos/${brandA}/[a-f0-9]{16}\\.webp$`));

    const file = await caller(t).call('GET', saved.logo as string);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toContain('immutable');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 341, hasAlpha: true });
    expect(meta.exif).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('secret-serial-123'))).toBe(false);

    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'update', objectId: String(brandA), before: { logo: before.logo } });
    expect(audit?.after).toEqual({ logo: saved.logo });
    // The diner's QR context names the new logo at once (the header and the landing show it).
    expect(await dinerLogo(UUID.aMain)).toBe(saved.logo);
  });

  it('a new logo replaces the old one, whose file is removed; a stale version is refused (409) leaving no file', async () => {
    const s = await read(manager);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#114477' } })
      .png()
      .toBuffer();
    const res = await upload(manager, png, s.version);
    expect(res.statusCode, res.body).toBe(200);
    const next = brandSettings.parse(res.json());
    expect(next.logo).not.toBe(s.logo);
    expect((await caller(t).call('GET', s.logo as string)).statusCode).toBe(404);
    expect(storedLogos(brandA)).toHaveLength(1);

    const stale = await upload(owner, png, s.version);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('edit_conflict');
    expect(stale.json().error.details.theirs.logo).toBe(next.logo);
    expect(storedLogos(brandA)).toHaveLength(1);
    expect((await read(owner)).logo).toBe(next.logo);
  });

  it('refuses what is not a picture (422, in Arabic too), a missing file (400), too large (413), not multipart (415)', async () => {
    const { version } = await read(owner);
    const svg = await upload(manager, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), version);
    expect(svg.statusCode).toBe(422);
    expect(svg.json().error).toMatchObject({
      code: 'brand_logo_not_image',
      message: 'يجب أن يكون الشعار صورة بصيغة JPEG أو PNG أو WebP',
    });
    // PNG magic bytes, then garbage: decoding proves it is not an image.
    const liar = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    expect((await upload(owner, liar, version)).json().error.code).toBe('brand_logo_not_image');
    const none = await owner.call('POST', `${LOGO}?version=${version}`, Buffer.from('------sufra-logo--\r\n'), {
      'content-type': 'multipart/form-data; boundary=----sufra-logo',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('brand_logo_missing');
    const huge = await upload(owner, Buffer.alloc(5 * 1024 * 1024 + 10, 1), version);
    expect(huge.statusCode).toBe(413);
    const json = await owner.call('POST', `${LOGO}?version=${version}`, { logo: 'x' });
    expect(json.statusCode).toBe(415);
    const { payload, headers } = multipart('logo', Buffer.alloc(8));
    expect((await owner.call('POST', LOGO, payload, headers)).statusCode).toBe(400);
    // Nothing was written: the version did not move.
    expect((await read(owner)).version).toBe(version);
  });

  it('refuses the cashier and a signed-out caller; another brand changes only its own logo and cannot read ours by its id', async () => {
    const s = await read(owner);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await upload(cashier, png, s.version)).statusCode).toBe(403);
    expect((await cashier.call('DELETE', `${LOGO}?version=${s.version}`)).statusCode).toBe(403);
    expect((await upload(caller(t), png, s.version)).statusCode).toBe(401);
    expect((await caller(t).call('DELETE', `${LOGO}?version=${s.version}`)).statusCode).toBe(401);

    const b = await read(otherBrand);
    const theirs = await upload(otherBrand, png, b.version);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().logo).toMatch(new RegExp(`^/api/brand/logos/${brandB}/`));
    expect((await read(owner)).logo).toBe(s.logo);
    expect(await dinerLogo(UUID.bMain)).toBe(theirs.json().logo);
    // Brand A's logo name under brand B's id is not found.
    const name = (s.logo as string).split('/').at(-1);
    expect((await caller(t).call('GET', `/api/brand/logos/${brandB}/${name}`)).statusCode).toBe(404);
    expect((await caller(t).call('GET', `/api/brand/logos/${brandA}/..%2F..%2Fauth-secret`)).statusCode).toBe(404);
  });

  it('removes the logo at the version read: audited, its file gone, diners see the name alone', async () => {
    const s = await read(owner);
    expect((await owner.call('DELETE', `${LOGO}?version=${s.version - 1}`)).statusCode).toBe(409);
    const res = await owner.call('DELETE', `${LOGO}?version=${s.version}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(brandSettings.parse(res.json())).toMatchObject({ logo: null, version: s.version + 1 });
    expect((await caller(t).call('GET', s.logo as string)).statusCode).toBe(404);
    expect(storedLogos(brandA)).toHaveLength(0);
    const audit = await lastAudit();
    expect(audit?.before).toEqual({ logo: s.logo });
    expect(audit?.after).toEqual({ logo: null });
    expect(await dinerLogo(UUID.aMain)).toBeNull();
  });
});
