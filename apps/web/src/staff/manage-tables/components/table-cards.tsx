import type { ManageTablesResponse } from '@sufra/shared/schemas/manage-tables';
import { TABLE_CARD_LINE } from '@sufra/shared/schemas/manage-tables';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { cardsPdfUrl, cardsPngUrl } from '../api/manage-tables';
import { QrSvg } from './qr-svg';

type Size = 'a4' | 'tent';

/**
 * The printable sheet of table cards (brand, table number, the QR, the line in Arabic and English): A4 with six
 * cards a page, or one table-tent card (10 × 15 cm) a page. Print CSS hides the console around it; the PDF (every
 * card in one file) and the PNG links are the same cards drawn by the server (for a print shop).
 */
export function TableCards({ data }: { data: ManageTablesResponse }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [size, setSize] = useState<Size>('a4');
  const cards = data.tables.flatMap((table) => {
    const code = table.codes.find((c) => c.active);
    return code ? [{ id: table.id, number: table.number, url: code.url }] : [];
  });
  const sheets = size === 'a4' ? Math.max(1, Math.ceil(cards.length / 6)) : Math.max(1, cards.length);
  const pageNumbers = Array.from({ length: sheets }, (_, i) => i + 1);
  return (
    <div className="table-cards" data-testid="table-cards">
      <div className="table-cards__tools no-print">
        <Link href="/" className="btn btn-secondary">
          {t('console.tables.back')}
        </Link>
        <fieldset className="table-cards__size">
          <legend>{t('console.tables.print.size')}</legend>
          {(['a4', 'tent'] as const).map((value) => (
            <label key={value} className="table-cards__choice">
              <input type="radio" name="card-size" checked={size === value} onChange={() => setSize(value)} />
              {t(`console.tables.print.${value}`)}
            </label>
          ))}
        </fieldset>
        <button type="button" className="btn btn-primary" onClick={() => window.print()} data-testid="print-cards">
          {t('console.tables.print.print')}
        </button>
        <a
          className="btn btn-secondary"
          href={cardsPdfUrl(data.branchId, size)}
          download={`table-cards-${size}.pdf`}
          data-testid="download-pdf"
        >
          {t('console.tables.print.pdf')}
        </a>
        {pageNumbers.map((n) => (
          <a
            key={n}
            className="btn btn-secondary"
            href={cardsPngUrl(data.branchId, size, n)}
            download={`table-cards-${size}-${n}.png`}
            data-testid="download-png"
          >
            {t('console.tables.print.png', { page: formatNumber(n, language) })}
          </a>
        ))}
      </div>
      {cards.length === 0 && <p className="console-table__state">{t('console.tables.print.none')}</p>}
      <div className={`table-cards__sheet table-cards__sheet--${size}`}>
        {cards.map((card) => (
          <article key={card.id} className="table-card" data-testid="table-card">
            <p className="table-card__brand">
              <span lang="ar" dir="rtl">
                {data.brandName.ar}
              </span>{' '}
              ·{' '}
              <span lang="en" dir="ltr">
                {data.brandName.en}
              </span>
            </p>
            <p className="table-card__number">{card.number}</p>
            <QrSvg value={card.url} label={t('console.tables.qrOf', { number: card.number })} />
            <p className="table-card__line" lang="ar" dir="rtl">
              {TABLE_CARD_LINE.ar}
            </p>
            <p className="table-card__line" lang="en" dir="ltr">
              {TABLE_CARD_LINE.en}
            </p>
          </article>
        ))}
      </div>
    </div>
  );
}
