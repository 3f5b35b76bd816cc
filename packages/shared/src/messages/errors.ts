import type { Language } from '../language.ts';
import type { ErrorEntry } from './error-entry.ts';
import { ARCHIVE_ERRORS } from './errors-archive.ts';
import { BRANCHES_ERRORS } from './errors-branches.ts';
import { BRAND_LOOK_ERRORS } from './errors-brand-look.ts';
import { CONSOLE_ERRORS, STAFF_ADMIN_ERRORS } from './errors-console.ts';
import { CONSOLE_TABLES_ADS_ERRORS } from './errors-console-tables-ads.ts';
import { CORE_ERRORS } from './errors-core.ts';
import { CUSTOMERS_ADMIN_ERRORS } from './errors-customers-admin.ts';
import { EMAIL_ERRORS } from './errors-email.ts';
import { ENGAGEMENT_ERRORS } from './errors-engagement.ts';
import { EVALUATIONS_ADMIN_ERRORS } from './errors-evaluations-admin.ts';
import { FOODICS_ERRORS } from './errors-foodics.ts';
import { GAMES_ADMIN_ERRORS } from './errors-games-admin.ts';
import { LOYALTY_ERRORS } from './errors-loyalty.ts';
import { LOYALTY_ADMIN_ERRORS } from './errors-loyalty-admin.ts';
import { MANAGE_REWARDS_ERRORS } from './errors-manage-rewards.ts';
import { MENU_ADMIN_ERRORS } from './errors-menu-admin.ts';
import { NOTIFY_ERRORS } from './errors-notify.ts';
import { ORDERING_ERRORS } from './errors-ordering.ts';
import { QUEUES_ERRORS } from './errors-queues.ts';
import { REPORTS_ERRORS } from './errors-reports.ts';

/**
 * Every error the API can answer with: its HTTP status and its message in both languages, gathered from one file
 * per part of the product (errors-*.ts). The spec's own wording is kept where it has one (§5, §8). A code is unique
 * across the parts (messages.test.ts checks it).
 */
export const ERRORS = {
  ...CORE_ERRORS,
  ...ORDERING_ERRORS,
  ...LOYALTY_ERRORS,
  ...ENGAGEMENT_ERRORS,
  ...CONSOLE_ERRORS,
  ...STAFF_ADMIN_ERRORS,
  ...CONSOLE_TABLES_ADS_ERRORS,
  ...BRANCHES_ERRORS,
  ...MENU_ADMIN_ERRORS,
  ...LOYALTY_ADMIN_ERRORS,
  ...FOODICS_ERRORS,
  ...CUSTOMERS_ADMIN_ERRORS,
  ...BRAND_LOOK_ERRORS,
  ...NOTIFY_ERRORS,
  ...EVALUATIONS_ADMIN_ERRORS,
  ...REPORTS_ERRORS,
  ...MANAGE_REWARDS_ERRORS,
  ...ARCHIVE_ERRORS,
  ...GAMES_ADMIN_ERRORS,
  ...EMAIL_ERRORS,
  ...QUEUES_ERRORS,
  unknown: { status: 500, en: 'An unknown error occurred', ar: 'حدث خطأ غير معروف' },
} as const satisfies Record<string, ErrorEntry>;

/** Each part's codes, to check that no two parts name the same code (a spread would silently keep the last). */
export const ERROR_PARTS = [
  CORE_ERRORS,
  ORDERING_ERRORS,
  LOYALTY_ERRORS,
  ENGAGEMENT_ERRORS,
  CONSOLE_ERRORS,
  STAFF_ADMIN_ERRORS,
  CONSOLE_TABLES_ADS_ERRORS,
  BRANCHES_ERRORS,
  MENU_ADMIN_ERRORS,
  LOYALTY_ADMIN_ERRORS,
  FOODICS_ERRORS,
  CUSTOMERS_ADMIN_ERRORS,
  BRAND_LOOK_ERRORS,
  NOTIFY_ERRORS,
  EVALUATIONS_ADMIN_ERRORS,
  REPORTS_ERRORS,
  MANAGE_REWARDS_ERRORS,
  ARCHIVE_ERRORS,
  GAMES_ADMIN_ERRORS,
  EMAIL_ERRORS,
  QUEUES_ERRORS,
] as const;

export type ErrorCode = keyof typeof ERRORS;

export function errorMessage(code: ErrorCode, language: Language): string {
  return ERRORS[code][language];
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}
