import { toAsciiDigits } from '@sufra/shared/digits';

/**
 * An amount typed in SAR ("45", "45.5", "٤٥٫٥٠") → integer halalas, or null when it is not one (more than two
 * decimals, a sign, letters). Staff forms type money in riyals; the API takes halalas.
 */
export function parseSarInput(typed: string): number | null {
  const text = toAsciiDigits(typed).trim().replace('٫', '.').replace(',', '.');
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
