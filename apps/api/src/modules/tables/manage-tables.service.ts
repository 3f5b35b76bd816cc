import { randomUUID } from 'node:crypto';
import type { ManageQrCode, ManageTable, ManageTablesResponse } from '@sufra/shared/schemas/manage-tables';
import {
  type CardSize,
  type QrCreateBody,
  qrPageUrl,
  type TableCreateBody,
  type TableUpdateBody,
} from '@sufra/shared/schemas/manage-tables';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/client.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordStaffChange } from '../audit/audit.service.ts';
import {
  activeTableCodes,
  deactivateCode,
  deactivateTableCodes,
  deleteTable,
  findBrandBranch,
  findCode,
  findTable,
  insertCode,
  insertTable,
  listCodes,
  listTables,
  type ManagedTableRow,
  numberTaken,
  type QrCodeRow,
  updateTable,
} from './manage-tables.repo.ts';
import { CARDS_PER_SHEET, renderCardSheet } from './table-cards.service.ts';
import { renderCardsPdf } from './table-cards-pdf.view.ts';

/**
 * The console's tables and QR codes (issue 26 item 6). Owners reach every branch of the brand, managers their
 * own (`staff.branchIds` holds exactly that); cashiers are refused by the routes' guard. Another brand's table or
 * code answers 404 (it isn't theirs to know about), another branch of the same brand 403 `branch_out_of_scope`.
 * Every write records its audit row in its own transaction.
 */
export function createManageTablesService(ctx: AppContext) {
  const { db, config } = ctx;

  async function branchInScope(staff: StaffPrincipal, branchId: number) {
    const branch = await findBrandBranch(db, staff.brandId, branchId);
    if (!branch) throw new AppError('branch_not_found');
    if (!staff.branchIds.includes(branchId)) throw new AppError('branch_out_of_scope');
    return branch;
  }

  function codeView(row: QrCodeRow, hosts: readonly string[]): ManageQrCode {
    return {
      uuid: row.uuid,
      url: qrPageUrl(row.uuid, hosts, config.publicUrl),
      tableId: row.tableId,
      active: row.active,
      replacedBy: row.replacedBy,
      createdAt: row.createdAt.toISOString(),
    };
  }

  function tableView(row: ManagedTableRow, codes: ManageQrCode[]): ManageTable {
    return {
      id: row.id,
      branchId: row.branchId,
      number: row.number,
      seats: row.seats,
      area: row.area,
      version: row.version,
      codes: codes.filter((c) => c.tableId === row.id),
    };
  }

  async function tableWithCodes(db2: Queryable, staff: StaffPrincipal, row: ManagedTableRow): Promise<ManageTable> {
    const branch = await findBrandBranch(db2, staff.brandId, row.branchId);
    const codes = (await listCodes(db2, row.branchId)).map((c) => codeView(c, branch?.hosts ?? []));
    return tableView(row, codes);
  }

  const audit =
    (tx: Queryable, staff: StaffPrincipal, ip: string | null) =>
    (entry: Omit<Parameters<typeof recordStaffChange>[3], 'brandId' | 'at'>) =>
      recordStaffChange(tx, staff, ip, { ...entry, brandId: staff.brandId, at: ctx.now() });

  /** A table of the brand the user may manage, or the refusal (404 other brand, 403 other branch). */
  async function tableInScope(q: Queryable, staff: StaffPrincipal, id: number, lock = false) {
    const row = await findTable(q, staff.brandId, id, lock);
    if (!row) throw new AppError('table_not_found');
    if (!staff.branchIds.includes(row.branchId)) throw new AppError('branch_out_of_scope');
    return row;
  }

  const fields = (row: ManagedTableRow) => ({ number: row.number, seats: row.seats, area: row.area });

  return {
    async list(staff: StaffPrincipal, branchId: number): Promise<ManageTablesResponse> {
      const branch = await branchInScope(staff, branchId);
      const [rows, codes] = await Promise.all([listTables(db, branchId), listCodes(db, branchId)]);
      const views = codes.map((c) => codeView(c, branch.hosts));
      return {
        branchId,
        brandName: { ar: branch.brandNameAr, en: branch.brandNameEn },
        branchName: { ar: branch.nameAr, en: branch.nameEn },
        tables: rows.map((r) => tableView(r, views)),
        counterCodes: views.filter((c) => c.tableId === null),
      };
    },

    /** A new table and its first QR code, together. */
    async create(staff: StaffPrincipal, ip: string | null, body: TableCreateBody): Promise<ManageTable> {
      await branchInScope(staff, body.branchId);
      const row = await db.transaction(async (tx) => {
        const created = await insertTable(tx, body);
        if (!created) throw new AppError('table_number_taken');
        const code = await insertCode(tx, { uuid: randomUUID(), branchId: body.branchId, tableId: created.id });
        const log = audit(tx, staff, ip);
        await log({
          branchId: body.branchId,
          objectType: 'table',
          objectId: created.id,
          action: 'create',
          before: null,
          after: fields(created),
        });
        await log({
          branchId: body.branchId,
          objectType: 'qr_code',
          objectId: code.uuid,
          action: 'create',
          before: null,
          after: { tableId: created.id, active: true },
        });
        return created;
      });
      return tableWithCodes(db, staff, row);
    },

    /** An edit of number, seats or area against the version the editor read (409 `table_changed` when stale). */
    async update(staff: StaffPrincipal, ip: string | null, id: number, body: TableUpdateBody): Promise<ManageTable> {
      const row = await db.transaction(async (tx) => {
        const current = await tableInScope(tx, staff, id, true);
        if (current.version !== body.version) {
          throw new AppError('table_changed', { current: await tableWithCodes(tx, staff, current), yours: body });
        }
        if (await numberTaken(tx, current.branchId, body.number, id)) throw new AppError('table_number_taken');
        const updated = await updateTable(tx, id, body.version, {
          number: body.number,
          seats: body.seats,
          area: body.area,
        });
        if (!updated)
          throw new AppError('table_changed', { current: await tableWithCodes(tx, staff, current), yours: body });
        await audit(
          tx,
          staff,
          ip,
        )({
          branchId: current.branchId,
          objectType: 'table',
          objectId: id,
          action: 'update',
          before: fields(current),
          after: fields(updated),
        });
        return updated;
      });
      return tableWithCodes(db, staff, row);
    },

    /** Removes the table; its codes stop working at once (they land on the inactive-code page). */
    async remove(staff: StaffPrincipal, ip: string | null, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await tableInScope(tx, staff, id, true);
        const codes = await deactivateTableCodes(tx, id);
        await deleteTable(tx, id);
        const log = audit(tx, staff, ip);
        await log({
          branchId: current.branchId,
          objectType: 'table',
          objectId: id,
          action: 'delete',
          before: fields(current),
          after: null,
        });
        for (const uuid of codes) {
          await log({
            branchId: current.branchId,
            objectType: 'qr_code',
            objectId: uuid,
            action: 'update',
            before: { active: true },
            after: { active: false },
          });
        }
      });
    },

    /** A new code for a table of the branch, or for its counter (tableId null). */
    async createCode(staff: StaffPrincipal, ip: string | null, body: QrCreateBody): Promise<ManageQrCode> {
      const branch = await branchInScope(staff, body.branchId);
      const row = await db.transaction(async (tx) => {
        if (body.tableId !== null) {
          const table = await tableInScope(tx, staff, body.tableId, true);
          // A table named inside the body must be of the branch the body names (no cross-branch code).
          if (table.branchId !== body.branchId) throw new AppError('table_not_found');
        }
        const code = await insertCode(tx, { uuid: randomUUID(), branchId: body.branchId, tableId: body.tableId });
        await audit(
          tx,
          staff,
          ip,
        )({
          branchId: body.branchId,
          objectType: 'qr_code',
          objectId: code.uuid,
          action: 'create',
          before: null,
          after: { tableId: body.tableId, active: true },
        });
        return code;
      });
      return codeView(row, branch.hosts);
    },

    /** The code stops working (diners scanning it land on the inactive-code page). Already inactive: 410. */
    async deactivateCode(staff: StaffPrincipal, ip: string | null, uuid: string): Promise<ManageQrCode> {
      return db.transaction(async (tx) => {
        const code = await codeInScope(tx, staff, uuid);
        const done = await deactivateCode(tx, uuid, null);
        if (!done) throw new AppError('qr_inactive');
        await audit(
          tx,
          staff,
          ip,
        )({
          branchId: code.branchId,
          objectType: 'qr_code',
          objectId: uuid,
          action: 'update',
          before: { active: true },
          after: { active: false },
        });
        const branch = await findBrandBranch(tx, staff.brandId, code.branchId);
        return codeView(done, branch?.hosts ?? []);
      });
    },

    /** A fresh code for the same table (or counter) in the old one's place; the old one stops working. */
    async replaceCode(staff: StaffPrincipal, ip: string | null, uuid: string): Promise<ManageQrCode> {
      return db.transaction(async (tx) => {
        const code = await codeInScope(tx, staff, uuid);
        const fresh = await insertCode(tx, { uuid: randomUUID(), branchId: code.branchId, tableId: code.tableId });
        const done = await deactivateCode(tx, uuid, fresh.uuid);
        if (!done) throw new AppError('qr_inactive');
        const log = audit(tx, staff, ip);
        await log({
          branchId: code.branchId,
          objectType: 'qr_code',
          objectId: uuid,
          action: 'update',
          before: { active: true },
          after: { active: false, replacedBy: fresh.uuid },
        });
        await log({
          branchId: code.branchId,
          objectType: 'qr_code',
          objectId: fresh.uuid,
          action: 'create',
          before: null,
          after: { tableId: code.tableId, active: true, replaces: uuid },
        });
        const branch = await findBrandBranch(tx, staff.brandId, code.branchId);
        return codeView(fresh, branch?.hosts ?? []);
      });
    },

    /** The printable cards as a PNG: one A4 sheet (`page`: six cards each) or one tent card per page. */
    async cards(
      staff: StaffPrincipal,
      query: { branchId: number; tableIds?: string | undefined; size: CardSize; page: number },
    ): Promise<{ png: Buffer; pages: number }> {
      const { brandName, cards } = await cardsOf(staff, query);
      const perPage = query.size === 'a4' ? CARDS_PER_SHEET : 1;
      const pages = Math.max(1, Math.ceil(cards.length / perPage));
      const slice = cards.slice((query.page - 1) * perPage, query.page * perPage);
      const png = await renderCardSheet({ brandName, cards: slice, size: query.size });
      return { png, pages };
    },

    /** Every card of the branch (or of the listed tables) in one PDF: A4 pages of six, or one tent card a page. */
    async cardsPdf(
      staff: StaffPrincipal,
      query: { branchId: number; tableIds?: string | undefined; size: CardSize },
    ): Promise<{ pdf: Buffer; cards: number }> {
      const { brandName, cards } = await cardsOf(staff, query);
      const pdf = await renderCardsPdf({ brandName, cards, size: query.size });
      return { pdf, cards: cards.length };
    },
  };

  /** The cards to print: one per table of the branch in scope (or of the listed ids), its newest active code. */
  async function cardsOf(staff: StaffPrincipal, query: { branchId: number; tableIds?: string | undefined }) {
    const branch = await branchInScope(staff, query.branchId);
    const ids = query.tableIds ? query.tableIds.split(',').map(Number) : null;
    const codes = await activeTableCodes(db, query.branchId, ids);
    const seen = new Set<number>();
    const cards = codes
      .filter((c) => {
        if (seen.has(c.tableId)) return false;
        seen.add(c.tableId);
        return true;
      })
      .map((c) => ({ number: c.number, url: qrPageUrl(c.uuid, branch.hosts, config.publicUrl) }));
    return { brandName: { ar: branch.brandNameAr, en: branch.brandNameEn }, cards };
  }

  async function codeInScope(q: Queryable, staff: StaffPrincipal, uuid: string) {
    const code = await findCode(q, staff.brandId, uuid);
    if (!code) throw new AppError('qr_code_not_found');
    if (!staff.branchIds.includes(code.branchId)) throw new AppError('branch_out_of_scope');
    return code;
  }
}

export type ManageTablesService = ReturnType<typeof createManageTablesService>;
