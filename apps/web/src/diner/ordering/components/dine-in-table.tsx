import { formatTableNumber } from '../../../lib/format-table-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';

/** Dine-in from a table's QR: the table it is printed on. No location is asked: the QR is the proof. */
export function DineInTable({ number }: { number: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="section" aria-labelledby="table-heading" data-testid="dine-in-table">
      <h2 id="table-heading">{t('ordering.yourTable')}</h2>
      <p className="notice notice--info">
        <strong data-testid="dine-in-table-number">
          {t('ordering.tableNumber', { number: formatTableNumber(number, language) })}
        </strong>
        <span> {t('ordering.tableQrHint')}</span>
      </p>
    </section>
  );
}
