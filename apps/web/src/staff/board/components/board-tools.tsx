import { useTranslation } from '../../../lib/use-translation';
import type { useChime } from '../hooks/use-chime';
import type { useOrderBoard } from '../hooks/use-order-board';

type Props = { board: ReturnType<typeof useOrderBoard>; chime: ReturnType<typeof useChime> };

/** Above the lanes: the live connection, the sound switch and a refresh, with what stopped either. */
export function BoardTools({ board, chime }: Props) {
  const { t } = useTranslation();
  const { connection } = board;
  return (
    <>
      <div className="board__tools">
        <p
          className={`board__connection board__connection--${connection.state}`}
          role="status"
          data-testid="board-connection"
          data-state={connection.state}
        >
          <span className="board__dot" aria-hidden="true" />
          {t(`staff.board.connection.${connection.state}`)}
        </p>
        {connection.state === 'stopped' && (
          <button type="button" className="btn btn-small btn-secondary" onClick={board.reconnect}>
            {t('staff.board.reconnect')}
          </button>
        )}
        {chime.supported ? (
          <label className="switch">
            <input
              type="checkbox"
              role="switch"
              aria-checked={chime.on}
              checked={chime.on}
              data-testid="board-sound"
              onChange={(event) => void chime.toggle(event.target.checked)}
            />
            <span>{t('staff.board.sound')}</span>
          </label>
        ) : (
          <p className="board__hint">{t('staff.board.soundUnsupported')}</p>
        )}
        <button type="button" className="btn btn-small btn-secondary" onClick={board.refresh}>
          {t('staff.refresh')}
        </button>
      </div>
      {chime.blocked && (
        <p className="notice notice--info" data-testid="board-sound-blocked">
          {t('staff.board.soundBlocked')}
        </p>
      )}
      {connection.error && (
        <p className="banner banner--error" role="alert" data-testid="board-stopped">
          {connection.error}
        </p>
      )}
    </>
  );
}
