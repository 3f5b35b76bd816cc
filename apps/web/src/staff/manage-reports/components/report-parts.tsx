import type { Language } from '@sufra/shared/language';
import type { ReportQuery, ReportTable } from '@sufra/shared/schemas/reports';
import { type ReactNode, useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { showToast } from '../../../lib/toast';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { exportReportTable } from '../api/manage-reports';

/** The dashboard's shared parts: a figure beside the previous period's, a titled section with its CSV, a table. */

type T = (k: string, o?: Record<string, unknown>) => string;

export function change(now: number, before: number, language: Language, t: T, text: string) {
  if (now === before) return t('manageReports.noChange');
  const percent =
    before === 0
      ? t('manageReports.newFigure')
      : new Intl.NumberFormat(language === 'ar' ? 'ar-SA' : 'en-SA', {
          style: 'percent',
          signDisplay: 'always',
          maximumFractionDigits: 1,
        }).format((now - before) / before);
  return `${percent} · ${t('manageReports.versus', { value: text })}`;
}

/**
 * One figure of the period with its change from the previous period; `lowerIsBetter` (times) colours a fall as good.
 * A figure without a value (no times in the period) shows a dash.
 */
export function Figure({
  id,
  label,
  now,
  before,
  text,
  lowerIsBetter = false,
}: {
  id: string;
  label: string;
  now: number | null;
  before: number | null;
  text: (v: number) => string;
  lowerIsBetter?: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const better = now !== null && before !== null && (lowerIsBetter ? now <= before : now >= before);
  return (
    <div className="manage-reports__figure" data-testid={`reports-figure-${id}`}>
      <dt>{label}</dt>
      <dd>
        <strong>{now === null ? '–' : text(now)}</strong>
        {now !== null && before !== null ? (
          <span className={better ? 'manage-reports__up' : 'manage-reports__down'}>
            {change(now, before, language, t, text(before))}
          </span>
        ) : (
          <span>
            {before === null ? t('manageReports.noPrevious') : t('manageReports.versus', { value: text(before) })}
          </span>
        )}
      </dd>
    </div>
  );
}

/** A titled part of the dashboard with its CSV button. */
export function Section({ table, query, children }: { table: ReportTable; query: ReportQuery; children: ReactNode }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [busy, setBusy] = useState(false);
  const title = t(`manageReports.sections.${table}`);
  const download = async () => {
    setBusy(true);
    try {
      const { filename, csv, rows } = await exportReportTable(query, table, language);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      link.click();
      URL.revokeObjectURL(url);
      void showToast(t('manageReports.exported', { count: formatNumber(rows, language) }));
    } catch (error) {
      void showToast(errorText(error, language), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="manage-reports__section" aria-label={title} data-testid={`reports-section-${table}`}>
      <header>
        <h2>{title}</h2>
        <button
          type="button"
          className="btn btn-secondary manage-reports__csv"
          onClick={() => void download()}
          disabled={busy}
          aria-label={t('manageReports.csvOf', { table: title })}
          data-testid={`reports-csv-${table}`}
        >
          {t('manageReports.csv')}
        </button>
      </header>
      <div className="manage-reports__body">{children}</div>
    </section>
  );
}

export function SimpleTable({ headers, rows }: { headers: string[]; rows: string[][] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="console-empty manage-reports__none">{t('manageReports.none')}</p>;
  return (
    <table className="manage-reports__table">
      <thead>
        <tr>
          {headers.map((h, i) => (
            <th key={h} scope="col" className={i > 0 ? 'manage-reports__num' : undefined}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.join('|')}>
            {row.map((cell, i) => (
              <td key={headers[i]} className={i > 0 ? 'manage-reports__num' : undefined}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
