import { localDigits } from '@sufra/shared/digits';
import { formatSar } from '@sufra/shared/money';
import type { Receipt } from '@sufra/shared/schemas/receipt';
import { Link, useParams, useSearchParams } from 'wouter';
import { paths } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { showToast } from '../../../lib/toast';
import { type QueryKey, useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { useDinerKey } from '../../../stores/use-diner-key';
import { getReceipt } from '../api/get-receipt';
import { ReceiptEmailPanel } from '../components/receipt-email';
import { ReceiptQr } from '../components/receipt-qr';
import { formatRate, formatReceiptTime } from '../receipt-format';
import { useSignedInHere } from '../use-signed-in-here';
import '../../../components/ui/form.css';
import '../receipt.css';

function orderIdOf(search: URLSearchParams): number | null {
  const id = Number(search.get('order'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * `/receipt/{uuid}?order={id}`: an order's receipt, printable (print CSS keeps only the receipt) and shareable: the
 * link works on reload for the diner who owns the order, and anyone else is told it is not theirs
 * (docs/adr/0460-receipt-link-without-signature.md).
 */
export default function ReceiptRoute() {
  const { uuid = '' } = useParams();
  const [search] = useSearchParams();
  const orderId = orderIdOf(search);
  const { t } = useTranslation();
  const language = useLanguage();
  useSignedInHere(uuid, orderId === null ? paths.orders.build(uuid) : paths.receipt.build(uuid, orderId));
  const diner = useDinerKey(uuid);
  const brandName = useAppSelector((s) => s.establishment.establishment?.brand.name[language]) ?? t('app.name');
  const receiptKey = diner && orderId !== null ? [...diner, 'receipt', orderId, language] : null;
  const query = useApiQuery(receiptKey, () => getReceipt(uuid, orderId ?? 0, language), { staleMs: 0 });
  const title = t('receipts.title');

  if (orderId === null || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <div className="page page--center" data-testid="receipt-missing">
        <title>{`${title} | ${brandName}`}</title>
        <h1>{title}</h1>
        <p>{query.error ? errorText(query.error, language) : t('receipts.missing')}</p>
        <Link to={paths.orders.build(uuid)} className="btn btn-primary">
          {t('receipts.myOrders')}
        </Link>
      </div>
    );
  }
  if (!query.data) {
    return (
      <div className="page receipt-page">
        <title>{`${title} | ${brandName}`}</title>
        <h1>{title}</h1>
        {query.error && !query.loading ? (
          <div className="banner banner--error" role="alert">
            <span>{errorText(query.error, language)}</span>
            <button type="button" className="btn btn-small" onClick={query.refetch}>
              {t('app.retry')}
            </button>
          </div>
        ) : (
          <div className="skeleton skeleton--block" role="status">
            <span className="visually-hidden">{t('app.loading')}</span>
          </div>
        )}
      </div>
    );
  }
  return <ReceiptView uuid={uuid} receipt={query.data} brandName={brandName} queryKey={receiptKey} />;
}

function ReceiptView({
  uuid,
  receipt,
  brandName,
  queryKey,
}: {
  uuid: string;
  receipt: Receipt;
  brandName: string;
  queryKey: QueryKey | null;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { order, invoice, totals } = receipt;
  const sar = (halalas: number) => formatSar(halalas, language);
  const at = (iso: string) => formatReceiptTime(iso, language, receipt.branch.timeZone);
  const heading = t(invoice.kind === 'simplified_tax_invoice' ? 'receipts.taxInvoice' : 'receipts.title');
  const number = `\u2066#${formatNumber(order.number, language)}\u2069`;

  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: `${heading} ${number}`, url });
        return;
      } catch {
        // Dismissed, or refused by the browser: copying still helps.
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      void showToast(t('receipts.linkCopied'));
    } catch {
      void showToast(t('receipts.linkNotCopied'), 'error');
    }
  };

  return (
    <div className="page receipt-page">
      <title>{`${heading} ${number} | ${brandName}`}</title>
      <article className="receipt card" data-testid="receipt" data-kind={invoice.kind}>
        <header className="receipt__head">
          <h1 className="receipt__seller">{receipt.seller.name[language]}</h1>
          <p className="receipt__kind" data-testid="receipt-kind">
            {heading}
          </p>
          {receipt.seller.vatNumber && (
            <p data-testid="receipt-vat-number">
              {t('receipts.vatNumber')}: <bdi>{localDigits(receipt.seller.vatNumber, language)}</bdi>
            </p>
          )}
          <p data-testid="receipt-branch">
            {order.branchName[language]}
            {/* The address's own digits (a postal code, a building number) in the page's digit system. */}
            {receipt.branch.address[language] ? ` · ${localDigits(receipt.branch.address[language], language)}` : ''}
          </p>
        </header>

        <dl className="receipt__facts">
          <div>
            <dt>{t('receipts.order')}</dt>
            <dd data-testid="receipt-number">{number}</dd>
          </div>
          <div>
            <dt>{t('receipts.type')}</dt>
            <dd>{t(`receipts.types.${order.orderType}`)}</dd>
          </div>
          {order.table && (
            <div>
              <dt>{t('receipts.table')}</dt>
              <dd>{formatNumber(Number(order.table.number), language) || order.table.number}</dd>
            </div>
          )}
          <div>
            <dt>{t('receipts.issuedAt')}</dt>
            <dd data-testid="receipt-issued">{at(invoice.issuedAt)}</dd>
          </div>
          {order.receiveAt && (
            <div>
              <dt>{t('receipts.receiveAt')}</dt>
              <dd>{at(order.receiveAt)}</dd>
            </div>
          )}
        </dl>

        <table className="receipt__lines" data-testid="receipt-lines">
          <thead>
            <tr>
              <th scope="col">{t('receipts.item')}</th>
              <th scope="col" className="receipt__num">
                {t('receipts.quantity')}
              </th>
              <th scope="col" className="receipt__num">
                {t('receipts.unitPrice')}
              </th>
              <th scope="col" className="receipt__num">
                {t('receipts.lineTotal')}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines keep their position
              <tr key={index}>
                <td>
                  {line.name[language]}
                  {[...line.slots, ...line.modifiers].length > 0 && (
                    <ul className="receipt__modifiers">
                      {line.slots.map((s, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: fixed order
                        <li key={`s${i}`}>{s.name[language]}</li>
                      ))}
                      {line.modifiers.map((m, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: fixed order
                        <li key={`m${i}`}>
                          {m.name[language]}
                          {m.priceHalalas > 0 ? ` (${sar(m.priceHalalas)})` : ''}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td className="receipt__num">{formatNumber(line.quantity, language)}</td>
                <td className="receipt__num">{sar(line.unitPriceHalalas)}</td>
                <td className="receipt__num">{sar(line.subtotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <dl className="receipt__totals" data-testid="receipt-totals">
          <div>
            <dt>{t('receipts.subtotal')}</dt>
            <dd>{sar(order.pricing.subtotal)}</dd>
          </div>
          {receipt.discounts.map((d) => (
            <div key={d.source} data-testid={`receipt-discount-${d.source}`}>
              <dt>
                {d.source === 'points'
                  ? t('receipts.discountPoints', { points: formatNumber(d.points ?? 0, language) })
                  : t(`receipts.discount.${d.source}`, { name: d.label?.[language] ?? '' })}
              </dt>
              <dd>−{sar(d.amount)}</dd>
            </div>
          ))}
          {order.pricing.chargeAmount - order.pricing.deliveryFee > 0 && (
            <div>
              <dt>{t('receipts.charges')}</dt>
              <dd>{sar(order.pricing.chargeAmount - order.pricing.deliveryFee)}</dd>
            </div>
          )}
          {order.pricing.deliveryFee > 0 && (
            <div>
              <dt>{t('receipts.deliveryFee')}</dt>
              <dd>{sar(order.pricing.deliveryFee)}</dd>
            </div>
          )}
          <div>
            <dt>{t('receipts.totalWithoutVat')}</dt>
            <dd data-testid="receipt-without-vat">{sar(totals.withoutVat)}</dd>
          </div>
          <div>
            <dt>{t('receipts.vat', { rate: formatRate(receipt.vatRateBp, language) })}</dt>
            <dd data-testid="receipt-vat">{sar(totals.vat)}</dd>
          </div>
          <div className="receipt__grand">
            <dt>{t('receipts.totalWithVat')}</dt>
            <dd data-testid="receipt-total">{sar(totals.withVat)}</dd>
          </div>
        </dl>

        <p data-testid="receipt-payment">
          {t(`receipts.payment.${order.paymentMethod}`)} ·{' '}
          {receipt.paidAt
            ? t('receipts.paidAt', { when: at(receipt.paidAt) })
            : t(`receipts.paymentStatus.${order.paymentStatus}`)}
        </p>

        {invoice.kind === 'simplified_tax_invoice' && invoice.zatcaQr ? (
          <ReceiptQr text={invoice.zatcaQr} label={t('receipts.qrLabel')} />
        ) : (
          <p className="receipt__notice" data-testid="receipt-not-invoice">
            {t(invoice.kind === 'pos_issues_invoice' ? 'receipts.posIssuesInvoice' : 'receipts.noVatNumber')}
          </p>
        )}
      </article>

      <ReceiptEmailPanel uuid={uuid} receipt={receipt} queryKey={queryKey} />

      <div className="page__actions receipt__actions">
        <button type="button" className="btn btn-primary" onClick={() => window.print()} data-testid="receipt-print">
          {t('receipts.print')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void share()} data-testid="receipt-share">
          {t('receipts.share')}
        </button>
        <Link to={paths.confirmOrder.build(uuid, order.id)} className="btn btn-ghost">
          {t('receipts.backToOrder')}
        </Link>
      </div>
    </div>
  );
}
