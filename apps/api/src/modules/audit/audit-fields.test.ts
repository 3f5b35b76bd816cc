import { AUDIT_FIELD_KEYS } from '@sufra/shared/audit';
import { branchManageUpdateBody, manageBranch } from '@sufra/shared/schemas/branch-manage';
import { brandSettings } from '@sufra/shared/schemas/brand-settings';
import { manageEvaluationFormSchema } from '@sufra/shared/schemas/evaluations-admin';
import { adminModifierGroupSchema } from '@sufra/shared/schemas/menu-admin';
import { getTableColumns, type Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adsPopups, adsSlides } from '../../db/schema/ads.ts';
import { coupons } from '../../db/schema/coupons.ts';
import { gameSegments, games } from '../../db/schema/games.ts';
import { rewards } from '../../db/schema/loyalty.ts';
import { punchProgrammes } from '../../db/schema/punch-cards.ts';
import { branchValues, zoneAudit } from '../branches/branch-manage.service.ts';
import { levelView, referralView, rulesView } from '../loyalty-admin/loyalty-admin.service.ts';
import { categorySnapshot, itemSnapshot } from '../menu-admin/menu-admin.view.ts';

/*
 * Every key an audit row's before/after can hold must be in AUDIT_FIELD_KEYS, the list the log page labels (its
 * locale test checks both languages). Object literals written at the call sites are checked by the compiler
 * (AuditEntry's before/after are AuditSnapshot); this covers what the compiler cannot see through: whole rows spread
 * into a snapshot (their table's columns), API views spread into one (their schema's fields), and helpers typed
 * by another contract (run here on a stand-in row).
 */
const listed = new Set<string>(AUDIT_FIELD_KEYS);
const unlisted = (keys: string[]) => keys.filter((key) => !listed.has(key));

/** A stand-in for any row or body: every field reads as another stand-in, so a pure helper runs whatever it reads. */
const anything: never = new Proxy(() => undefined, {
  get: (_target, key) => (key === Symbol.toPrimitive ? () => 0 : anything),
  apply: () => anything,
}) as never;

describe('the audit log fields', () => {
  it('lists every column of the tables whose rows are logged whole (games, segments, rewards, ads, coupons, punch cards)', () => {
    // Each table with the columns its snapshot leaves out (the ads', coupons' and punch cards' `audited`/`loggable`).
    const tables: [string, Table, string[]][] = [
      ['games', games, []],
      ['gameSegments', gameSegments, []],
      ['rewards', rewards, []],
      ['adsPopups', adsPopups, ['createdAt']],
      ['adsSlides', adsSlides, ['createdAt']],
      ['coupons', coupons, ['createdAt', 'updatedAt']],
      ['punchProgrammes', punchProgrammes, ['createdAt', 'updatedAt']],
    ];
    for (const [name, table, left] of tables) {
      const keys = Object.keys(getTableColumns(table)).filter((key) => !left.includes(key));
      expect(unlisted(keys), name).toEqual([]);
    }
  });

  it('lists every field of the API views logged whole (branch, brand settings, evaluation form, choice group)', () => {
    const views = {
      // An edit logs the branch as it was less these (branch-manage.service.ts, update).
      manageBranch: Object.keys(manageBranch.shape).filter(
        (key) => !['status', 'zones', 'id', 'brandId'].includes(key),
      ),
      branchManageUpdateBody: Object.keys(branchManageUpdateBody.shape),
      brandSettings: Object.keys(brandSettings.shape),
      manageEvaluationForm: Object.keys(manageEvaluationFormSchema.shape).filter(
        (key) => key !== 'editable' && key !== 'submissions',
      ),
      adminModifierGroup: Object.keys(adminModifierGroupSchema.shape),
    };
    for (const [name, keys] of Object.entries(views)) expect(unlisted(keys), name).toEqual([]);
  });

  it('lists every key the snapshot helpers write (menu items and categories, branches, zones, loyalty)', () => {
    const helpers = { itemSnapshot, categorySnapshot, branchValues, zoneAudit, rulesView, referralView, levelView };
    for (const [name, helper] of Object.entries(helpers)) {
      const keys = Object.keys((helper as (row: never) => object)(anything));
      expect(keys.length, name).toBeGreaterThan(0);
      expect(unlisted(keys), name).toEqual([]);
    }
  });

  it('lists each key once', () => {
    expect(AUDIT_FIELD_KEYS.length).toBe(listed.size);
  });
});
