import type { Language } from '@sufra/shared/language';
import type { OrderType } from '@sufra/shared/order-types';
import { toAsciiDigits } from '@sufra/shared/phone/phone-number';
import type {
  LevelAdmin,
  LevelsBody,
  LoyaltyRulesBody,
  LoyaltyRulesFields,
  ReferralRulesBody,
  ReferralRulesFields,
} from '@sufra/shared/schemas/loyalty-admin';
import { parseSarInput } from '../../lib/sar-input';

/** The database's integer bound (schemas/common DB_INT_MAX; not imported, so the page does not carry zod). */
const DB_INT_MAX = 2_147_483_647;

/**
 * The loyalty console's forms as plain data (issue 27): each page keeps a draft of strings as typed (in either
 * digit system), turns it into the API's body, and says which fields are wrong before anything is sent. The
 * server checks the same rules again; these only spare a round trip. Problems are keys under manageLoyalty.errors.
 */

const plain = new Map<Language, Intl.NumberFormat>();
/** A whole number as an input shows it: the language's digits, no grouping (so it can be edited and read back). */
export function digits(value: number, language: Language): string {
  let format = plain.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language === 'ar' ? 'ar-SA' : 'en-SA', {
      useGrouping: false,
      maximumFractionDigits: 2,
    });
    plain.set(language, format);
  }
  return format.format(value);
}

/** A typed whole number (either digit system, grouping allowed) within [min, max], or null. */
export function parseCount(typed: string, min = 0, max = DB_INT_MAX): number | null {
  const text = toAsciiDigits(typed)
    .trim()
    .replace(/[,،٬\s]/g, '');
  if (!/^\d{1,10}$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

/** A multiplier typed as "1.5" or "١٫٥" → basis points (×1 = 10000), ×0 to ×10, or null. */
export function parseMultiplier(typed: string): number | null {
  const text = toAsciiDigits(typed).trim().replace('٫', '.').replace(',', '.');
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const bp = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(2, '0')) * 100;
  return bp <= 100_000 ? bp : null;
}

export type Problems = Record<string, string>;

// — the points rule —

export interface RulesDraft {
  earnPointsPerSar: string;
  /** The value of one point, in SAR as typed. */
  pointValueSar: string;
  minPointsPerRedemption: string;
  maxPointsPerTransaction: string;
  maxPointsPerDay: string;
  maxRedemptionsPerDay: string;
  expiryKind: 'never' | 'days' | 'date';
  expiryDays: string;
  expiryDate: string;
  earnOrderTypes: OrderType[];
  /** null: every branch. */
  earnBranchIds: number[] | null;
}

export const NEW_RULES: LoyaltyRulesFields = {
  earnPointsPerSar: 10,
  pointValueHalalas: 5,
  minPointsPerRedemption: 100,
  maxPointsPerTransaction: 2_000,
  maxPointsPerDay: 4_000,
  maxRedemptionsPerDay: 3,
  expiry: { kind: 'never' },
  earnOrderTypes: [1, 2, 3],
  earnBranchIds: null,
};

export function rulesDraft(rules: LoyaltyRulesFields, language: Language): RulesDraft {
  return {
    earnPointsPerSar: digits(rules.earnPointsPerSar, language),
    pointValueSar: digits(rules.pointValueHalalas / 100, language),
    minPointsPerRedemption: digits(rules.minPointsPerRedemption, language),
    maxPointsPerTransaction: digits(rules.maxPointsPerTransaction, language),
    maxPointsPerDay: digits(rules.maxPointsPerDay, language),
    maxRedemptionsPerDay: digits(rules.maxRedemptionsPerDay, language),
    expiryKind: rules.expiry.kind,
    expiryDays: rules.expiry.kind === 'days' ? digits(rules.expiry.days, language) : '',
    expiryDate: rules.expiry.kind === 'date' ? rules.expiry.on : '',
    earnOrderTypes: [...rules.earnOrderTypes].sort(),
    earnBranchIds: rules.earnBranchIds,
  };
}

/** The body a draft saves, or the problems that keep it from being sent. `today` is the brand's date (YYYY-MM-DD). */
export function rulesBody(
  draft: RulesDraft,
  version: number,
  today: string,
): { body: LoyaltyRulesBody; problems: null } | { body: null; problems: Problems } {
  const problems: Problems = {};
  const count = (field: keyof RulesDraft, min: number, max = DB_INT_MAX) => {
    const value = parseCount(String(draft[field]), min, max);
    if (value === null) problems[field] = min === 0 ? 'wholeNumber' : 'positiveNumber';
    return value ?? 0;
  };
  const earnPointsPerSar = count('earnPointsPerSar', 0, 1_000);
  const pointValueHalalas = parseSarInput(draft.pointValueSar);
  if (pointValueHalalas === null || pointValueHalalas < 1 || pointValueHalalas > 10_000)
    problems.pointValueSar = 'pointValue';
  const min = count('minPointsPerRedemption', 1);
  const maxTx = count('maxPointsPerTransaction', 1);
  const maxDay = count('maxPointsPerDay', 1);
  const maxRedemptionsPerDay = count('maxRedemptionsPerDay', 0, 1_000);
  if (!problems.maxPointsPerTransaction && !problems.minPointsPerRedemption && maxTx < min)
    problems.maxPointsPerTransaction = 'maxBelowMin';
  if (!problems.maxPointsPerDay && !problems.minPointsPerRedemption && maxDay < min)
    problems.maxPointsPerDay = 'dailyBelowMin';
  let expiry: LoyaltyRulesFields['expiry'] = { kind: 'never' };
  if (draft.expiryKind === 'days') expiry = { kind: 'days', days: count('expiryDays', 1, 3_650) };
  if (draft.expiryKind === 'date') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.expiryDate)) problems.expiryDate = 'date';
    else if (draft.expiryDate <= today) problems.expiryDate = 'datePast';
    expiry = { kind: 'date', on: draft.expiryDate };
  }
  if (draft.earnOrderTypes.length === 0) problems.earnOrderTypes = 'orderTypes';
  if (draft.earnBranchIds !== null && draft.earnBranchIds.length === 0) problems.earnBranchIds = 'branches';
  if (Object.keys(problems).length > 0) return { body: null, problems };
  return {
    problems: null,
    body: {
      earnPointsPerSar,
      pointValueHalalas: pointValueHalalas ?? 1,
      minPointsPerRedemption: min,
      maxPointsPerTransaction: maxTx,
      maxPointsPerDay: maxDay,
      maxRedemptionsPerDay,
      expiry,
      earnOrderTypes: draft.earnOrderTypes,
      earnBranchIds: draft.earnBranchIds,
      version,
    },
  };
}

// — the levels —

export interface LevelDraft {
  /** The row's key in the page (a new level has none of the server's). */
  key: string;
  id: number | null;
  nameAr: string;
  nameEn: string;
  minLifetimePoints: string;
  multiplier: string;
  perksAr: string;
  perksEn: string;
}

export function levelDraft(level: LevelAdmin, language: Language): LevelDraft {
  return {
    key: `level-${level.id}`,
    id: level.id,
    nameAr: level.name.ar,
    nameEn: level.name.en,
    minLifetimePoints: digits(level.minLifetimePoints, language),
    multiplier: digits(level.multiplierBasisPoints / 10_000, language),
    perksAr: level.perks.ar.join('\n'),
    perksEn: level.perks.en.join('\n'),
  };
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/**
 * The set a draft saves, or its problems by row key and field (`set` for the whole set): names in both languages,
 * thresholds apart, the lowest at 0 (so that no diner is ever left without a level), multipliers ×0 to ×10.
 */
export function levelsBody(
  rows: readonly LevelDraft[],
  version: number,
): { body: LevelsBody; problems: null } | { body: null; problems: Problems } {
  const problems: Problems = {};
  const levels: LevelsBody['levels'] = [];
  const thresholds = new Map<number, string>();
  for (const row of rows) {
    const min = parseCount(row.minLifetimePoints);
    const multiplier = parseMultiplier(row.multiplier);
    const perksAr = lines(row.perksAr);
    const perksEn = lines(row.perksEn);
    if (row.nameAr.trim() === '' || row.nameAr.trim().length > 60) problems[`${row.key}.nameAr`] = 'name';
    if (row.nameEn.trim() === '' || row.nameEn.trim().length > 60) problems[`${row.key}.nameEn`] = 'name';
    if (min === null) problems[`${row.key}.minLifetimePoints`] = 'wholeNumber';
    else if (thresholds.has(min)) problems[`${row.key}.minLifetimePoints`] = 'thresholdTaken';
    else thresholds.set(min, row.key);
    if (multiplier === null) problems[`${row.key}.multiplier`] = 'multiplier';
    if ([...perksAr, ...perksEn].some((p) => p.length > 200) || perksAr.length > 10 || perksEn.length > 10)
      problems[`${row.key}.perks`] = 'perks';
    levels.push({
      id: row.id,
      name: { ar: row.nameAr.trim(), en: row.nameEn.trim() },
      minLifetimePoints: min ?? 0,
      multiplierBasisPoints: multiplier ?? 10_000,
      perks: { ar: perksAr, en: perksEn },
    });
  }
  if (rows.length === 0) problems.set = 'noLevels';
  else if (thresholds.size > 0 && !thresholds.has(0)) problems.set = 'floor';
  if (Object.keys(problems).length > 0) return { body: null, problems };
  return { body: { levels, version }, problems: null };
}

/**
 * Moves a level up or down the ladder: the two neighbours (by their place in `rows`, lowest first) trade their
 * thresholds, so the order the page shows is the order the thresholds make.
 */
export function swapLevels(rows: readonly LevelDraft[], index: number, by: -1 | 1): LevelDraft[] {
  const other = index + by;
  const a = rows[index];
  const b = rows[other];
  if (!a || !b) return [...rows];
  const next = [...rows];
  next[index] = { ...b, minLifetimePoints: a.minLifetimePoints };
  next[other] = { ...a, minLifetimePoints: b.minLifetimePoints };
  return next;
}

// — referral —

export interface ReferralDraft {
  enabled: boolean;
  referrerPoints: string;
  friendPoints: string;
  refundWindowDays: string;
  invitationsPerDay: string;
}

export const NEW_REFERRAL: ReferralRulesFields = {
  enabled: true,
  referrerPoints: 200,
  friendPoints: 100,
  refundWindowDays: 14,
  invitationsPerDay: 10,
};

export function referralDraft(rules: ReferralRulesFields, language: Language): ReferralDraft {
  return {
    enabled: rules.enabled,
    referrerPoints: digits(rules.referrerPoints, language),
    friendPoints: digits(rules.friendPoints, language),
    refundWindowDays: digits(rules.refundWindowDays, language),
    invitationsPerDay: digits(rules.invitationsPerDay, language),
  };
}

export function referralBody(
  draft: ReferralDraft,
  version: number,
): { body: ReferralRulesBody; problems: null } | { body: null; problems: Problems } {
  const problems: Problems = {};
  const count = (field: keyof Omit<ReferralDraft, 'enabled'>, min: number, max: number, problem: string) => {
    const value = parseCount(draft[field], min, max);
    if (value === null) problems[field] = problem;
    return value ?? 0;
  };
  const referrerPoints = count('referrerPoints', 0, 1_000_000, 'points');
  const friendPoints = count('friendPoints', 0, 1_000_000, 'points');
  const refundWindowDays = count('refundWindowDays', 0, 365, 'refundWindow');
  const invitationsPerDay = count('invitationsPerDay', 1, 1_000, 'invitations');
  if (Object.keys(problems).length > 0) return { body: null, problems };
  return {
    problems: null,
    body: { enabled: draft.enabled, referrerPoints, friendPoints, refundWindowDays, invitationsPerDay, version },
  };
}
