/**
 * Why an order did not get to the POS, as the board says it in the staff's language (issue 28; docs/adr/0691). The
 * hand-off keeps Foodics' own words (`Foodics POST /orders: 422 The given data was invalid. {...}`, `… timed out`,
 * `not mapped to Foodics: product:4`): the board shows this kind, localized, and the words beside it, smaller.
 */
export const POS_FAILURE_KINDS = [
  'rate_limited',
  'server_error',
  'unreachable',
  'unauthorized',
  'refused',
  'unmapped',
  'not_connected',
  'other',
] as const;
export type PosFailureKind = (typeof POS_FAILURE_KINDS)[number];

/** The kind of a hand-off's recorded error (the adapter's own formats: apps/api/src/modules/foodics). */
export function posFailureKind(reason: string): PosFailureKind {
  const status = /^Foodics [A-Z]+ \S+: (\d{3})\b/.exec(reason)?.[1];
  if (status === '429') return 'rate_limited';
  if (status === '401' || status === '403') return 'unauthorized';
  if (status?.startsWith('5')) return 'server_error';
  if (status?.startsWith('4')) return 'refused';
  if (/^Foodics [A-Z]+ \S+: (timed out|no answer|answer cut short)$/.test(reason)) return 'unreachable';
  if (reason.startsWith('not mapped to Foodics')) return 'unmapped';
  if (reason === 'the brand is not connected to Foodics') return 'not_connected';
  if (reason === 'the order is gone') return 'refused';
  return 'other';
}

/**
 * The bilingual defaults the adapter writes when Foodics gives no reason for a declined or voided order
 * (foodics-order.rules.ts POS_DECLINED_REASON, POS_VOIDED_REASON): nothing of Foodics' own to show beside them.
 */
export const POS_DECLINED_REASON = 'رفض المطعم الطلب · The restaurant declined the order';
export const POS_VOIDED_REASON = 'ألغى المطعم الطلب · The restaurant voided the order';
export const POS_DEFAULT_REASONS: readonly string[] = [POS_DECLINED_REASON, POS_VOIDED_REASON];
