import { checkCardNumber, toAsciiDigits } from '@sufra/shared/payments/card';
import type { DatabaseHandle } from '../src/db/client.ts';

/**
 * The PCI check of issue 5: no full card number may rest in our database or our logs. A "card number" is a run of
 * 13–19 digits (single spaces, dashes, "+" or "%20" allowed between them, Arabic digits too) standing alone (no
 * letter, digit or "_" glued to it, so hex ids and hashes do not count, nor a decimal's fraction), of a known brand and length, passing Luhn.
 */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

export function findCardNumbers(text: string): string[] {
  const found = new Set<string>();
  // Not glued to a word, and not the decimals of a number (pino's responseTime: 2.4946600000002945).
  const pattern = /(?<!\w)(?<!\d\.)(\d(?:(?:[ \-+]|%20)?\d){12,18})(?![\w])/g;
  // A UUID (every request's id in the log) whose first groups happen to be all digits reads as dashed digits: one
  // in ~40,000 passed as a 16-digit card (the PostgreSQL run at 18:26 on 2026-11-28). UUIDs are not card numbers.
  const withoutUuids = toAsciiDigits(text).replace(UUID, 'uuid');
  for (const match of withoutUuids.matchAll(pattern)) {
    const digits = (match[1] ?? '').replace(/%20|\D/g, '');
    if (checkCardNumber(digits).ok) found.add(digits);
  }
  return [...found];
}

export interface CardNumberHit {
  table: string;
  column: string;
  number: string;
}

/** Every text and JSON column of every table of the public schema, read whole and scanned. */
export async function scanDatabaseForCardNumbers(database: DatabaseHandle): Promise<CardNumberHit[]> {
  const columns = await database.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
     where table_schema = 'public' and data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
     order by table_name, column_name`,
  );
  const hits: CardNumberHit[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const rows = await database.query<{ value: string | null }>(
      `select ${quote(column)}::text as value from ${quote(table)} where ${quote(column)} is not null`,
    );
    for (const row of rows) {
      for (const number of findCardNumbers(row.value ?? '')) hits.push({ table, column, number });
    }
  }
  return hits;
}

/** Scans captured log lines. */
export function scanLogForCardNumbers(lines: readonly string[]): string[] {
  return [...new Set(lines.flatMap((line) => findCardNumbers(line)))];
}

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}
