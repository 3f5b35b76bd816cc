import type { Language } from '@sufra/shared/language';
import type { SwitchHistoryEntry } from '@sufra/shared/schemas/audit';
import { errorText } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { getSwitchHistory } from '../api/get-switch-history';
import { formatSwitchTime } from '../switch-time';

/**
 * Who switched what and when (issue 24 item 12): the brand's service switches and its branches' manual open
 * switch, newest first, each time in the branch's zone (the brand's main branch for a brand-wide switch), labelled.
 * A switch changed on this page invalidates `['staff', 'switch-history']`: the list is read again.
 */
export function SwitchHistoryList() {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useApiQuery(['staff', 'switch-history', language], () => getSwitchHistory(language), { staleMs: 0 });
  const history = query.data ?? null;
  const error = query.error && !query.loading ? errorText(query.error, language) : null;

  return (
    <section className="section services-admin__panel" aria-labelledby="history-heading" data-testid="switch-history">
      <h2 id="history-heading">{t('staff.services.historyTitle')}</h2>
      {error && (
        <p className="form-alert" role="alert">
          {error}
        </p>
      )}
      {!history && !error && (
        <div role="status">
          <span className="visually-hidden">{t('app.loading')}</span>
          <div className="skeleton skeleton--line" />
        </div>
      )}
      {history && history.entries.length === 0 && <p>{t('staff.services.historyEmpty')}</p>}
      {history && history.entries.length > 0 && (
        <table className="services-admin__history">
          <thead>
            <tr>
              <th scope="col">{t('staff.services.when')}</th>
              <th scope="col">{t('staff.services.who')}</th>
              <th scope="col">{t('staff.services.what')}</th>
              <th scope="col">{t('staff.services.change')}</th>
            </tr>
          </thead>
          <tbody>
            {history.entries.map((entry) => (
              <HistoryRow key={entry.id} entry={entry} language={language} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function HistoryRow({ entry, language }: { entry: SwitchHistoryEntry; language: Language }) {
  const { t } = useTranslation();
  const time = formatSwitchTime(entry.at, entry.timeZone, language);
  const what =
    entry.target.kind === 'service'
      ? t(`staff.loyalty.services.${entry.target.service}`)
      : t('staff.services.branchSwitch', { branch: entry.target.branchName[language] });
  const change =
    entry.target.kind === 'branch'
      ? t(entry.isActive ? 'staff.services.branchOpened' : 'staff.services.branchPaused')
      : t(entry.isActive ? 'staff.services.switchedOn' : 'staff.services.switchedOff');
  return (
    <tr data-testid="history-row">
      <td>
        <time dateTime={entry.at}>{time.text}</time>
        <span className="services-admin__zone">{time.zone}</span>
      </td>
      <td>{entry.by?.name ?? t('staff.services.formerUser')}</td>
      <td>{what}</td>
      <td>
        <span className={`pill pill--${entry.isActive ? 'open' : 'closed'}`}>{change}</span>
      </td>
    </tr>
  );
}
