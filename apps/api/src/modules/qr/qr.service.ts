import { qrUuid } from '@sufra/shared/schemas/common';
import type { QrCheckResponse, QrData } from '@sufra/shared/schemas/establishment';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../plugins/errors.ts';
import { listDeliveryZones } from '../branches/branches.repo.ts';
import { assertServiceOn, servicesMap, toBranch, toBrand } from '../branches/branches.service.ts';
import { findQrWithContext, type QrContextRow } from './qr.repo.ts';

export function createQrService(ctx: AppContext) {
  const { db } = ctx;

  /** The QR code's context: 404 when unknown, 410 when inactive (the brand switch is checked by callers). */
  async function resolveQr(uuid: string): Promise<QrContextRow> {
    const row = await findQrWithContext(db, uuid);
    if (!row) throw new AppError('qr_not_found');
    if (!row.qr.active) throw new AppError('qr_inactive');
    return row;
  }

  return {
    resolveQr,

    /** A QR code a diner can use now: resolveQr, and 403 when its brand is switched off. */
    async resolveUsableQr(uuid: string): Promise<QrContextRow> {
      const row = await resolveQr(uuid);
      assertServiceOn(row.servicesOff);
      return row;
    },

    /** Everything the landing page needs; 403 when the brand is switched off. */
    async getQrData(uuid: string, utmSource: string | undefined): Promise<QrData> {
      const row = await resolveQr(uuid);
      assertServiceOn(row.servicesOff);
      const zones = await listDeliveryZones(db, [row.branch.id]);
      return {
        uuid: row.qr.uuid,
        brand: toBrand(row.brand, ctx.config.imageHost),
        branch: toBranch(row.branch, zones, ctx.now()),
        table: row.table ? { id: row.table.id, number: row.table.number, status: tableStatus(row.table.status) } : null,
        services: servicesMap(row.servicesOff),
        utm_source: utmSource ? utmSource : null,
      };
    },

    /** Answers for any string: is it a well-formed uuid of a known, active QR code of a switched-on brand? */
    async checkQr(uuid: string): Promise<QrCheckResponse> {
      const base = { uuid, branchId: null, tableId: null };
      if (!qrUuid.safeParse(uuid).success) return { ...base, valid: false, active: false, reason: 'invalid_uuid' };
      const row = await findQrWithContext(db, uuid.toLowerCase());
      if (!row) return { ...base, valid: false, active: false, reason: 'qr_not_found' };
      const found = { uuid, branchId: row.branch.id, tableId: row.qr.tableId };
      if (!row.qr.active) return { ...found, valid: true, active: false, reason: 'qr_inactive' };
      if (row.servicesOff.includes('brand')) {
        return { ...found, valid: true, active: false, reason: 'service_deactivated' };
      }
      return { ...found, valid: true, active: true, reason: null };
    },
  };
}

function tableStatus(status: string): 'free' | 'occupied' | 'reserved' | 'check_printed' {
  return status === 'occupied' || status === 'reserved' || status === 'check_printed' ? status : 'free';
}

export type QrService = ReturnType<typeof createQrService>;
