import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../language.ts';
import { isTableStatus, TABLE_STATUS_LABELS, TABLE_STATUSES, tableStatusLabel } from './table-status.ts';

describe('table statuses', () => {
  it("uses the spec's four words in English", () => {
    expect(TABLE_STATUSES.map((s) => tableStatusLabel(s, 'en'))).toEqual([
      'Free',
      'Occupied',
      'Reserved',
      'Check Printed',
    ]);
  });

  it.each(LANGUAGES)('gives every status a distinct, non-empty label in %s', (language) => {
    const labels = TABLE_STATUSES.map((s) => TABLE_STATUS_LABELS[s][language]);
    expect(labels.every((l) => l.trim().length > 0)).toBe(true);
    expect(new Set(labels).size).toBe(TABLE_STATUSES.length);
  });

  it('recognises its own status strings and nothing else', () => {
    for (const status of TABLE_STATUSES) expect(isTableStatus(status)).toBe(true);
    for (const other of ['Free', 'closed', '', 0, null]) expect(isTableStatus(other)).toBe(false);
  });
});
