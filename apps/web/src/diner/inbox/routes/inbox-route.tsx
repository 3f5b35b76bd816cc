import type { DinerNotification } from '@sufra/shared/schemas/notifications';
import { useEffect } from 'react';
import { Link, useParams } from 'wouter';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { setQueryData } from '../../../lib/query-writes';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { markAllRead } from '../api/mark-read';
import { useInbox } from '../use-inbox';
import '../inbox.css';

/** One notification's words, from its kind and params, in the interface's language. */
function useNoticeText() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (n: DinerNotification): string => {
    const number = `\u2066#${formatNumber(Number(n.params.number ?? 0), language)}\u2069`;
    switch (n.kind) {
      case 'order_status': {
        // A decline's reason is a code from the list (issue 28 item 3): the diner reads it in their language (the
        // locale's words are shared DECLINE_REASON_LABELS', decline-reason-strings.test.ts).
        const declined = n.params.declineReason;
        if (typeof declined === 'string') {
          return t('inbox.orderCanceledBecause', { number, reason: t(`inbox.declineReasons.${declined}`) });
        }
        if (n.params.reason) return t('inbox.orderCanceledBecause', { number, reason: String(n.params.reason) });
        if (typeof n.params.readyInMinutes === 'number') {
          return t('inbox.acceptedReadyIn', { number, count: n.params.readyInMinutes });
        }
        return t(`inbox.status.${String(n.params.status)}`, { number });
      }
      case 'points_earned':
        return t('inbox.pointsEarned', { number, points: formatNumber(Number(n.params.points ?? 0), language) });
      case 'reward_unlocked':
        return t('inbox.rewardUnlocked', { name: String(n.params[language === 'ar' ? 'rewardAr' : 'rewardEn'] ?? '') });
      case 'prize_won':
        return t('inbox.prizeWon', { name: String(n.params[language === 'ar' ? 'rewardAr' : 'rewardEn'] ?? '') });
    }
  };
}

/** Where a notification leads: its order's confirmation page, or My Rewards. */
function linkOf(uuid: string, n: DinerNotification): string {
  if (n.orderId !== null) return paths.confirmOrder.build(uuid, n.orderId);
  return paths.myRewards.build(uuid);
}

/** `/notifications/{uuid}`: the diner's inbox, newest first; opening it marks everything read. */
export default function InboxRoute() {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const status = useAppSelector((s) => s.auth.status);
  const brandName = useAppSelector((s) => s.establishment.establishment?.brand.name[language]) ?? t('app.name');
  const inbox = useInbox(uuid);
  const text = useNoticeText();
  const { key } = inbox;
  const read = useApiMutation(() => markAllRead(uuid, language));
  const unread = inbox.data?.unread ?? 0;
  const { mutate } = read;

  // Seen: marked read on the server, and the bell's count goes to zero at once (the list keeps its bold until left).
  useEffect(() => {
    if (unread === 0 || !key) return;
    void mutate(undefined).then(() =>
      setQueryData(key, (previous: unknown) =>
        previous && typeof previous === 'object' ? { ...(previous as object), unread: 0 } : previous,
      ),
    );
  }, [unread, key, mutate]);

  const title = t('inbox.title');
  return (
    <div className="page inbox-page" data-testid="inbox-page">
      <title>{`${title} | ${brandName}`}</title>
      <h1>{title}</h1>
      {status === 'signedOut' ? (
        <p>
          <Link to={paths.register.build(uuid, { mode: 'signin', next: paths.notifications.build(uuid) })}>
            {t('inbox.signIn')}
          </Link>
        </p>
      ) : inbox.error && !inbox.data ? (
        <div className="banner banner--error" role="alert">
          <span>{errorText(inbox.error, language)}</span>
          <button type="button" className="btn btn-small" onClick={inbox.refetch}>
            {t('app.retry')}
          </button>
        </div>
      ) : !inbox.data ? (
        <div className="skeleton skeleton--block" role="status">
          <span className="visually-hidden">{t('app.loading')}</span>
        </div>
      ) : inbox.data.notifications.length === 0 ? (
        <p data-testid="inbox-empty">{t('inbox.empty')}</p>
      ) : (
        <ul className="inbox-list" data-testid="inbox-list">
          {inbox.data.notifications.map((n) => (
            <li key={n.id} className={`inbox-item card${n.read ? '' : ' inbox-item--unread'}`} data-kind={n.kind}>
              <Link to={linkOf(uuid, n)} className="inbox-item__link">
                <span className="inbox-item__text">{text(n)}</span>
                <time className="inbox-item__time" dateTime={n.createdAt}>
                  {new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA' : 'en-SA', {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  }).format(new Date(n.createdAt))}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
