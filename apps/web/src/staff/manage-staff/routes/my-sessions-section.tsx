import type { StaffUser } from '@sufra/shared/schemas/staff';
import type { StaffSession } from '@sufra/shared/schemas/staff-sessions';
import { useState } from 'react';
import { LoadError, LoadingBlock } from '../../../components/ui/load-state';
import { errorText } from '../../../lib/api-client';
import { formatBranchDateTime } from '../../../lib/branch-time';
import { formatNumber } from '../../../lib/format-number';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { endMyOtherSessions, endMySession, listMySessions, mySessionsKey } from '../api/my-sessions';
import { describeUserAgent } from '../lib/user-agent';
import '../my-sessions.css';

/**
 * `/staff/sessions`: the signed-in person's own sessions (issue 26 item 9), for every role, a cashier included (the
 * staff app's tab, not the console, which a cashier has none of: docs/adr/0520). Browser and system, address, when
 * signed in and last used; this device marked; end one, or every other one.
 */
export default function MySessionsSection({ user }: { user: StaffUser }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const timeZone = user.branches[0]?.timeZone ?? 'Asia/Riyadh';
  const list = useApiQuery([...mySessionsKey, language], () => listMySessions(language), { staleMs: 0 });
  const endOne = useApiMutation((s: StaffSession) => endMySession(s.id, language), { invalidates: [mySessionsKey] });
  const endOthers = useApiMutation(() => endMyOtherSessions(language), { invalidates: [mySessionsKey] });
  const [notice, setNotice] = useState<string | null>(null);
  const sessions = list.data?.sessions;
  const others = sessions?.filter((s) => !s.current).length ?? 0;
  const busy = endOne.busy || endOthers.busy;
  const failure = endOne.error ?? endOthers.error;
  const when = (iso: string) => formatBranchDateTime(iso, timeZone, language);

  return (
    <section className="section my-sessions" aria-labelledby="my-sessions-title" data-testid="my-sessions">
      <div className="my-sessions__head">
        <div>
          <h2 id="my-sessions-title">{t('staffSessions.title')}</h2>
          <p className="my-sessions__lead">{t('staffSessions.lead')}</p>
        </div>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy || others === 0}
          onClick={() => {
            setNotice(null);
            endOthers.mutate().then(
              (r) =>
                setNotice(t('staffSessions.endedOthers', { count: r.ended, number: formatNumber(r.ended, language) })),
              () => {},
            );
          }}
          data-testid="my-sessions-end-others"
        >
          {endOthers.busy ? t('staffSessions.ending') : t('staffSessions.endOthers')}
        </button>
      </div>
      <div role="status" aria-live="polite">
        {notice && (
          <p className="banner banner--success" data-testid="my-sessions-notice">
            {notice}
          </p>
        )}
      </div>
      {failure !== undefined && (
        <p className="form-alert" role="alert" data-testid="my-sessions-error">
          {errorText(failure, language)}
        </p>
      )}
      {list.error !== undefined && <LoadError error={list.error} onRetry={list.refetch} />}
      {list.loading && !sessions && <LoadingBlock />}
      {sessions && (
        <div className="my-sessions__scroll">
          <table className="my-sessions__table" data-testid="my-sessions-table">
            <caption className="visually-hidden">{t('staffSessions.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staffSessions.device')}</th>
                <th scope="col">{t('staffSessions.address')}</th>
                <th scope="col">{t('staffSessions.signedIn')}</th>
                <th scope="col">{t('staffSessions.lastUsed')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('staffSessions.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((s) => (
                <tr key={s.id} data-testid={s.current ? 'my-session-current' : 'my-session'}>
                  <td>
                    <bdi dir="ltr">{describeUserAgent(s.userAgent) ?? t('staffSessions.unknownDevice')}</bdi>
                    {s.current && (
                      <span className="badge badge--required my-sessions__this">{t('staffSessions.thisDevice')}</span>
                    )}
                  </td>
                  <td>
                    <bdi dir="ltr">{s.ip ?? '—'}</bdi>
                  </td>
                  <td>{when(s.signedInAt)}</td>
                  <td>{when(s.lastUsedAt)}</td>
                  <td className="my-sessions__action">
                    {!s.current && (
                      <button
                        type="button"
                        className="btn btn-secondary"
                        disabled={busy}
                        aria-label={t('staffSessions.endOneLabel', {
                          device: describeUserAgent(s.userAgent) ?? t('staffSessions.unknownDevice'),
                        })}
                        onClick={() => {
                          setNotice(null);
                          endOne.mutate(s).then(
                            () => setNotice(t('staffSessions.endedOne')),
                            () => {},
                          );
                        }}
                        data-testid="my-session-end"
                      >
                        {t('staffSessions.endOne')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
