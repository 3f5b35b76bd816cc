/**
 * The diner texts a brand words itself (issue 28 item 4): what each kind says by default, in both languages, which
 * placeholders it may use and must use, and the one way to fill them. Verification codes are not templates (and are
 * never opted out); marketing texts are not part of this.
 */
export const SMS_KINDS = ['order_ready', 'order_en_route', 'prize_code'] as const;
export type SmsKind = (typeof SMS_KINDS)[number];

export type SmsLanguage = 'ar' | 'en';

/** The placeholders each kind may use; the first ones listed under `required` must appear. */
export const SMS_PLACEHOLDERS: Record<SmsKind, { allowed: readonly string[]; required: readonly string[] }> = {
  order_ready: { allowed: ['brand', 'number', 'branch'], required: ['number'] },
  order_en_route: { allowed: ['brand', 'number'], required: ['number'] },
  prize_code: { allowed: ['brand', 'prize', 'code'], required: ['code'] },
};

export const SMS_TEMPLATE_MAX_LENGTH = 320;

export const DEFAULT_SMS_TEMPLATES: Record<SmsKind, Record<SmsLanguage, string>> = {
  order_ready: {
    ar: '{brand}: طلبك رقم {number} جاهز للاستلام من {branch}.',
    en: '{brand}: your order {number} is ready for pickup at {branch}.',
  },
  order_en_route: {
    ar: '{brand}: طلبك رقم {number} في الطريق إليك.',
    en: '{brand}: your order {number} is on its way.',
  },
  prize_code: {
    ar: '{brand}: رمز جائزتك ({prize}): {code}',
    en: '{brand}: your prize ({prize}) code: {code}',
  },
};

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** What is wrong with a template body, or null: unknown placeholders, a missing required one, a stray brace. */
export function checkSmsTemplate(
  kind: SmsKind,
  body: string,
): { problem: 'empty' | 'too_long' | 'unknown' | 'missing' | 'brace'; placeholder?: string } | null {
  if (body.trim().length === 0) return { problem: 'empty' };
  if (body.length > SMS_TEMPLATE_MAX_LENGTH) return { problem: 'too_long' };
  const { allowed, required } = SMS_PLACEHOLDERS[kind];
  const used = [...body.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
  const unknown = used.find((name) => !allowed.includes(name));
  if (unknown !== undefined) return { problem: 'unknown', placeholder: unknown };
  if (/[{}]/.test(body.replace(PLACEHOLDER, ''))) return { problem: 'brace' };
  const missing = required.find((name) => !used.includes(name));
  if (missing !== undefined) return { problem: 'missing', placeholder: missing };
  return null;
}

/** Fills a (checked) template; a value's own braces are kept as they are (one pass). */
export function renderSmsTemplate(body: string, values: Record<string, string>): string {
  return body.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}
