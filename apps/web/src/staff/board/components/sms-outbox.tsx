import { formatPhone } from '@sufra/shared/phone/phone-number';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatBranchDateTime, timeZoneName } from '../../../lib/branch-time';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { getSmsOutbox } from '../api/get-sms-outbox';

/** The SMS outbox (demo and development): the latest codes the brand sent, for managers and owners. */
export function SmsOutbox({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useApiQuery(['staff', 'sms-outbox', language], () => getSmsOutbox(language), { staleMs: 0 });
  const { loading, refetch: load } = query;
  const messages = query.data ?? null;
  // The server does not show the outbox outside the demo and development.
  const hidden = query.error instanceof ApiError && query.error.status === 404;
  const error = query.error && !hidden && !loading ? errorText(query.error, language) : null;

  return (
    <section className="section" aria-labelledby="outbox-heading" data-testid="sms-outbox">
      <div className="staff-shell__row">
        <h2 id="outbox-heading">{t('staff.outbox')}</h2>
        {!hidden && (
          <button type="button" className="btn btn-small btn-secondary" onClick={load} disabled={loading}>
            {t('staff.refresh')}
          </button>
        )}
      </div>
      {hidden && <p>{t('staff.outboxHidden')}</p>}
      {error && (
        <p className="form-alert" role="alert">
          {error}
        </p>
      )}
      {!hidden && messages && messages.length === 0 && <p>{t('staff.outboxEmpty')}</p>}
      {!hidden && messages && messages.length > 0 && (
        // Wider than a phone once it holds a few messages: a region that scrolls must take the keyboard's focus to be
        // scrolled without a pointer (WCAG 2.1.1; axe's scrollable-region-focusable), so it is a named, focusable region.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is scrolled with the keys once focused
        <section className="table-scroll" aria-labelledby="outbox-heading" tabIndex={0}>
          <table className="staff-table">
            <caption className="visually-hidden">{t('staff.outbox')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.outboxTo')}</th>
                <th scope="col">{t('staff.outboxBody')}</th>
                <th scope="col">{t('staff.outboxStatus')}</th>
                <th scope="col">
                  {t('staff.outboxTime')}{' '}
                  <span className="field__hint" data-testid="outbox-time-zone">
                    {`(${timeZoneName(timeZone, language)})`}
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {messages.map((message) => (
                <tr key={message.id} data-testid="outbox-message">
                  <td>
                    <bdi dir="ltr">{formatPhone(message.to)}</bdi>
                  </td>
                  <td>{message.body}</td>
                  <td>{t(`staff.smsStatus.${message.status}`)}</td>
                  <td>{formatBranchDateTime(message.createdAt, timeZone, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
