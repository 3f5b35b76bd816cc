import { randomUUID } from 'node:crypto';
import type { AuditSnapshot } from '@sufra/shared/audit';
import type {
  AdImageResponse,
  ManageAdsResponse,
  ManagePopup,
  ManageSlide,
  PopupBody,
  SlideBody,
} from '@sufra/shared/schemas/manage-ads';
import sharp from 'sharp';
import type { AppContext } from '../../app-context.ts';
import { reencodeImage } from '../../core/uploaded-image.service.ts';
import type { Queryable } from '../../db/client.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import type { FileStorage } from '../../providers/storage/file-storage.ts';
import { recordStaffChange } from '../audit/audit.service.ts';
import {
  type AdKind,
  adBrand,
  adCounts,
  branchOfBrand,
  deleteAdEvents,
  deletePopup,
  deleteSlide,
  findPopup,
  findSlide,
  insertPopup,
  insertSlide,
  listPopups,
  listSlides,
  type PopupRow,
  recordAdEvent,
  type SlideRow,
  updatePopup,
  updateSlide,
} from './manage-ads.repo.ts';

/** The longest side an ad image keeps (a pop-up fills a phone; a slide spans a tablet). */
const AD_IMAGE_MAX_SIDE = 1600;
const IMAGE_PATH = '/api/ads/images/';

/** The storage key of an ad image from its public path (`/api/ads/images/<name>.jpg`). */
export function adImageKey(name: string): string {
  return `ads/${name}`;
}

/**
 * The console's ads (issue 26 item 7): the spec's pop-up and the slider, per brand (owner only) or per branch
 * (owner, or a manager of that branch). Another brand's ad is not found (404); a branch outside the manager's
 * scope is 403. Every write records its audit row in its transaction; an edit names the version it read.
 */
export function createManageAdsService(ctx: AppContext, deps: { storage: FileStorage }) {
  const { db } = ctx;

  /** May this user publish to `branchId` (null = every branch)? */
  async function assertTarget(q: Queryable, staff: StaffPrincipal, branchId: number | null) {
    if (branchId === null) {
      if (staff.role !== 'owner') throw new AppError('ad_brand_wide_owner_only');
      return;
    }
    if (!(await branchOfBrand(q, staff.brandId, branchId))) throw new AppError('branch_not_found');
    if (!staff.branchIds.includes(branchId)) throw new AppError('branch_out_of_scope');
  }

  function editable(staff: StaffPrincipal, branchId: number | null) {
    return branchId === null ? staff.role === 'owner' : staff.branchIds.includes(branchId);
  }

  function checkSchedule(body: { startsAt: string | null; endsAt: string | null }) {
    if (body.startsAt && body.endsAt && Date.parse(body.startsAt) >= Date.parse(body.endsAt)) {
      throw new AppError('ad_schedule_invalid');
    }
  }

  /** The stored image's size; the path must name an image this API stored. */
  async function storedImage(path: string): Promise<{ width: number; height: number }> {
    const bytes = await deps.storage.get(adImageKey(path.slice(IMAGE_PATH.length)));
    if (!bytes) throw new AppError('ad_image_missing');
    const meta = await sharp(bytes).metadata();
    return { width: meta.width ?? 1, height: meta.height ?? 1 };
  }

  const schedule = (body: PopupBody | SlideBody) => ({
    branchId: body.branchId,
    active: body.active,
    startsAt: body.startsAt ? new Date(body.startsAt) : null,
    endsAt: body.endsAt ? new Date(body.endsAt) : null,
    daysOfWeek: [...body.daysOfWeek].sort(),
    sort: body.sort,
  });

  const popupFields = (body: PopupBody) => ({
    ...schedule(body),
    backgroundImage: body.backgroundImage,
    textAr: body.textAr,
    textEn: body.textEn,
    buttonTextAr: body.buttonTextAr,
    buttonTextEn: body.buttonTextEn,
    redirectUrl: body.redirectUrl,
  });

  function scheduleOut(row: PopupRow | SlideRow) {
    return {
      id: row.id,
      branchId: row.branchId,
      active: row.active,
      startsAt: row.startsAt?.toISOString() ?? null,
      endsAt: row.endsAt?.toISOString() ?? null,
      daysOfWeek: row.daysOfWeek,
      sort: row.sort,
      version: row.version,
    };
  }

  function popupView(staff: StaffPrincipal, row: PopupRow, counts = { views: 0, clicks: 0 }): ManagePopup {
    return {
      ...scheduleOut(row),
      ...counts,
      editable: editable(staff, row.branchId),
      backgroundImage: row.backgroundImage,
      textAr: row.textAr,
      textEn: row.textEn,
      buttonTextAr: row.buttonTextAr,
      buttonTextEn: row.buttonTextEn,
      redirectUrl: row.redirectUrl,
    };
  }

  function slideView(staff: StaffPrincipal, row: SlideRow, counts = { views: 0, clicks: 0 }): ManageSlide {
    return {
      ...scheduleOut(row),
      ...counts,
      editable: editable(staff, row.branchId),
      image: row.image,
      width: row.width,
      height: row.height,
      titleAr: row.titleAr,
      titleEn: row.titleEn,
      redirectUrl: row.redirectUrl,
    };
  }

  /** An ad of the brand this user may change, locked; 404 another brand's, 403 out of scope. */
  async function adInScope<R extends PopupRow | SlideRow>(staff: StaffPrincipal, row: R | undefined): Promise<R> {
    if (!row) throw new AppError('ad_not_found');
    if (row.branchId === null && staff.role !== 'owner') throw new AppError('ad_brand_wide_owner_only');
    if (row.branchId !== null && !staff.branchIds.includes(row.branchId)) throw new AppError('branch_out_of_scope');
    return row;
  }

  const audit =
    (tx: Queryable, staff: StaffPrincipal, ip: string | null, kind: AdKind) =>
    (entry: {
      branchId: number | null;
      objectId: number;
      action: 'create' | 'update' | 'delete';
      before: unknown;
      after: unknown;
    }) =>
      recordStaffChange(tx, staff, ip, {
        brandId: staff.brandId,
        branchId: entry.branchId,
        objectType: kind === 'popup' ? 'ad_popup' : 'ad_slide',
        objectId: entry.objectId,
        action: entry.action,
        before: entry.before as AuditSnapshot | null,
        after: entry.after as AuditSnapshot | null,
        at: ctx.now(),
      });

  const loggable = (row: PopupRow | SlideRow) => {
    const { createdAt: _c, ...rest } = row as PopupRow;
    return { ...rest, startsAt: row.startsAt?.toISOString() ?? null, endsAt: row.endsAt?.toISOString() ?? null };
  };

  return {
    async list(staff: StaffPrincipal): Promise<ManageAdsResponse> {
      const [popups, slides, counts] = await Promise.all([
        listPopups(db, staff.brandId, staff.branchIds),
        listSlides(db, staff.brandId, staff.branchIds),
        adCounts(db, staff.brandId),
      ]);
      return {
        popups: popups.map((p) => popupView(staff, p, counts.get(`popup:${p.id}`))),
        slides: slides.map((s) => slideView(staff, s, counts.get(`slide:${s.id}`))),
      };
    },

    /** An uploaded image, checked by its bytes, decoded, turned upright, resized and written again as JPEG. */
    async uploadImage(input: Buffer): Promise<AdImageResponse> {
      const out = await reencodeImage(input, {
        maxSide: AD_IMAGE_MAX_SIDE,
        format: 'jpeg',
        quality: 82,
        notImage: 'ad_image_not_image',
      });
      const name = `${randomUUID()}.jpg`;
      await deps.storage.put(adImageKey(name), out.data, 'image/jpeg');
      return { path: `${IMAGE_PATH}${name}`, width: out.info.width, height: out.info.height };
    },

    /** A stored ad image's bytes (public: diners see ads signed out); undefined when none. */
    image(name: string): Promise<Buffer | undefined> {
      return deps.storage.get(adImageKey(name));
    },

    async createPopup(staff: StaffPrincipal, ip: string | null, body: PopupBody): Promise<ManagePopup> {
      checkSchedule(body);
      await storedImage(body.backgroundImage);
      return db.transaction(async (tx) => {
        await assertTarget(tx, staff, body.branchId);
        const row = await insertPopup(tx, { brandId: staff.brandId, ...popupFields(body) });
        await audit(
          tx,
          staff,
          ip,
          'popup',
        )({ branchId: row.branchId, objectId: row.id, action: 'create', before: null, after: loggable(row) });
        return popupView(staff, row);
      });
    },

    async updatePopup(staff: StaffPrincipal, ip: string | null, id: number, body: PopupBody & { version: number }) {
      checkSchedule(body);
      await storedImage(body.backgroundImage);
      return db.transaction(async (tx) => {
        const current = await adInScope(staff, await findPopup(tx, staff.brandId, id));
        await assertTarget(tx, staff, body.branchId);
        const updated =
          current.version === body.version ? await updatePopup(tx, id, body.version, popupFields(body)) : undefined;
        if (!updated) throw new AppError('ad_changed', { current: popupView(staff, current), yours: body });
        await audit(
          tx,
          staff,
          ip,
          'popup',
        )({
          branchId: updated.branchId,
          objectId: id,
          action: 'update',
          before: loggable(current),
          after: loggable(updated),
        });
        return popupView(staff, updated);
      });
    },

    async createSlide(staff: StaffPrincipal, ip: string | null, body: SlideBody): Promise<ManageSlide> {
      checkSchedule(body);
      const size = await storedImage(body.image);
      return db.transaction(async (tx) => {
        await assertTarget(tx, staff, body.branchId);
        const row = await insertSlide(tx, {
          brandId: staff.brandId,
          ...schedule(body),
          image: body.image,
          ...size,
          titleAr: body.titleAr,
          titleEn: body.titleEn,
          redirectUrl: body.redirectUrl,
        });
        await audit(
          tx,
          staff,
          ip,
          'slide',
        )({ branchId: row.branchId, objectId: row.id, action: 'create', before: null, after: loggable(row) });
        return slideView(staff, row);
      });
    },

    async updateSlide(staff: StaffPrincipal, ip: string | null, id: number, body: SlideBody & { version: number }) {
      checkSchedule(body);
      const size = await storedImage(body.image);
      return db.transaction(async (tx) => {
        const current = await adInScope(staff, await findSlide(tx, staff.brandId, id));
        await assertTarget(tx, staff, body.branchId);
        const values = {
          ...schedule(body),
          image: body.image,
          ...size,
          titleAr: body.titleAr,
          titleEn: body.titleEn,
          redirectUrl: body.redirectUrl,
        };
        const updated = current.version === body.version ? await updateSlide(tx, id, body.version, values) : undefined;
        if (!updated) throw new AppError('ad_changed', { current: slideView(staff, current), yours: body });
        await audit(
          tx,
          staff,
          ip,
          'slide',
        )({
          branchId: updated.branchId,
          objectId: id,
          action: 'update',
          before: loggable(current),
          after: loggable(updated),
        });
        return slideView(staff, updated);
      });
    },

    async remove(staff: StaffPrincipal, ip: string | null, kind: AdKind, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await adInScope<PopupRow | SlideRow>(
          staff,
          kind === 'popup' ? await findPopup(tx, staff.brandId, id) : await findSlide(tx, staff.brandId, id),
        );
        if (kind === 'popup') await deletePopup(tx, id);
        else await deleteSlide(tx, id);
        await deleteAdEvents(tx, kind, id);
        await audit(
          tx,
          staff,
          ip,
          kind,
        )({ branchId: current.branchId, objectId: id, action: 'delete', before: loggable(current), after: null });
      });
    },

    /** A diner's view or click, once per session per day; an unknown ad is 404. */
    async recordEvent(body: { kind: AdKind; id: number; event: 'view' | 'click'; session: string }): Promise<void> {
      const brandId = await adBrand(db, body.kind, body.id);
      if (brandId === undefined) throw new AppError('ad_not_found');
      const day = ctx.now().toISOString().slice(0, 10);
      await recordAdEvent(db, {
        brandId,
        adKind: body.kind,
        adId: body.id,
        event: body.event,
        sessionKey: body.session,
        day,
      });
    },
  };
}

export type ManageAdsService = ReturnType<typeof createManageAdsService>;
