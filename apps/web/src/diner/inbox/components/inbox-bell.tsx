import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useInbox } from '../use-inbox';
import '../inbox.css';

/** The header's bell: the inbox, with the unread count (nothing signed out, or before the first answer). */
export default function InboxBell({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data } = useInbox(uuid);
  if (!data) return null;
  const unread = data.unread;
  return (
    <Link
      to={paths.notifications.build(uuid)}
      className="btn btn-ghost btn-icon inbox-bell"
      data-testid="inbox-bell"
      data-unread={unread}
      aria-label={unread > 0 ? t('inbox.bellUnread', { n: formatNumber(unread, language) }) : t('inbox.bell')}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4l2-2zM10 20a2 2 0 0 0 4 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      {unread > 0 && (
        <span className="inbox-bell__count" aria-hidden="true" data-testid="inbox-unread">
          {formatNumber(Math.min(unread, 99), language)}
        </span>
      )}
    </Link>
  );
}
