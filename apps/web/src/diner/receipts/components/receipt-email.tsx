import { errorMessage } from '@sufra/shared/messages/errors';
import type { Receipt } from '@sufra/shared/schemas/receipt';
import { Link } from 'wouter';
import { FormAlert } from '../../../components/ui/form-field';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { setQueryData } from '../../../lib/query-writes';
import { useApiMutation } from '../../../lib/use-api-mutation';
import type { QueryKey } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { emailReceipt } from '../api/email-receipt';
import { formatReceiptTime } from '../receipt-format';

/**
 * E-mailing the receipt (issue 28 item 4): "Email me this receipt" where the diner gave an address, the spec's
 * "can't notify this customer by email" where they did not, and a plain word where e-mail is not set up at all.
 */
export function ReceiptEmailPanel({
  uuid,
  receipt,
  queryKey,
}: {
  uuid: string;
  receipt: Receipt;
  queryKey: QueryKey | null;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { email } = receipt;
  const send = useApiMutation(() => emailReceipt(uuid, receipt.order.id, language));
  const ask = async () => {
    try {
      const state = await send.mutate();
      if (queryKey) setQueryData<Receipt>(queryKey, (previous) => ({ ...(previous ?? receipt), email: state }));
    } catch {
      // Shown below (send.error).
    }
  };
  const latest = email.latest;
  const status =
    latest === null
      ? null
      : latest.status === 'sent' && latest.sentAt
        ? t('receipts.email.sent', { when: formatReceiptTime(latest.sentAt, language, receipt.branch.timeZone) })
        : latest.status === 'failed'
          ? t('receipts.email.failed')
          : t('receipts.email.pending');

  return (
    <section className="receipt-email" aria-labelledby="receipt-email-heading" data-testid="receipt-email">
      <h2 id="receipt-email-heading" className="receipt-email__title">
        {t('receipts.email.title')}
      </h2>
      {email.availability === 'off' && (
        <p className="field__hint" data-testid="receipt-email-off">
          {t('receipts.email.off')}
        </p>
      )}
      {email.availability === 'no_address' && (
        <p className="field__hint" data-testid="receipt-email-no-address">
          {errorMessage('receipt_email_no_address', language)}.{' '}
          <Link to={paths.editProfile.build(uuid)}>{t('receipts.email.addAddress')}</Link>
        </p>
      )}
      {email.availability === 'ready' && (
        <>
          {status && (
            <p className="field__hint" role="status" data-testid="receipt-email-status" data-status={latest?.status}>
              {status}
            </p>
          )}
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void ask()}
            disabled={send.busy}
            aria-busy={send.busy}
            data-testid="receipt-email-send"
          >
            {send.busy ? t('receipts.email.sending') : t('receipts.email.send')}
          </button>
        </>
      )}
      <FormAlert message={send.error ? errorText(send.error, language) : null} />
    </section>
  );
}
