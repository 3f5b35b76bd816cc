import type { OrderStatus } from '@sufra/shared/machines/order-status';
import { orderStatusLabel } from '@sufra/shared/machines/order-status';
import type { StaffOrder } from '@sufra/shared/schemas/order';
import type { StaffUser } from '@sufra/shared/schemas/staff';
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format-number';
import { navigate } from '../../../lib/navigation';
import { local } from '../../../lib/storage';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { formatOrderNumber } from '../board-format';
import { boardLanes } from '../board-orders';
import { useChime } from '../hooks/use-chime';
import { useOrderBoard } from '../hooks/use-order-board';
import { OrderCard } from './order-card';
import { TableStatuses } from './table-statuses';

/** The branch the board showed last in this browser (a link's `?branch=` wins). */
const BRANCH_KEY = 'sufra.staff.boardBranch';

type Branch = StaffUser['branches'][number];

function pickBranch(branches: Branch[]): { branch: Branch | undefined; refused: boolean } {
  const raw = new URLSearchParams(window.location.search).get('branch');
  const fromLink = branches.find((b) => String(b.id) === raw);
  if (fromLink) return { branch: fromLink, refused: false };
  const stored = branches.find((b) => String(b.id) === local.getItem(BRANCH_KEY));
  return { branch: stored ?? branches[0], refused: raw !== null };
}

/** The live order board of one of the staff user's branches, with its tables. */
export function OrderBoard({ user }: { user: StaffUser }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [initial] = useState(() => pickBranch(user.branches));
  const [branchId, setBranchId] = useState(initial.branch?.id ?? null);
  const [refused, setRefused] = useState(initial.refused);

  useEffect(() => {
    if (branchId === null) return;
    local.setItem(BRANCH_KEY, String(branchId));
    // The address bar names the branch, so a reload or a shared link opens this board.
    const target = paths.staff.build({ branch: branchId });
    if (`${window.location.pathname}${window.location.search}` !== target) {
      navigate(target, { replace: true, state: window.history.state ?? undefined });
    }
  }, [branchId]);

  const branch = user.branches.find((b) => b.id === branchId);
  return (
    <section className="section board" aria-labelledby="board-heading" data-testid="order-board">
      <div className="board__bar">
        <h2 id="board-heading">{t('staff.board.title')}</h2>
        {user.branches.length > 0 && (
          <div className="board__branch">
            <label htmlFor="board-branch">{t('staff.board.branch')}</label>
            <select
              id="board-branch"
              className="input"
              data-testid="board-branch"
              value={branchId ?? ''}
              onChange={(event) => {
                setRefused(false);
                setBranchId(Number(event.target.value));
              }}
            >
              {user.branches.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name[language]}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      {refused && branch && (
        <p className="notice notice--warning" role="alert" data-testid="board-not-your-branch">
          {t('staff.board.notYourBranch', { branch: branch.name[language] })}
        </p>
      )}
      {branch ? <BranchBoard key={branch.id} branch={branch} /> : <p>{t('staff.noBranches')}</p>}
    </section>
  );
}

function BranchBoard({ branch }: { branch: Branch }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const board = useOrderBoard(branch.id);
  const chime = useChime();
  const [announcements, setAnnouncements] = useState<{ key: number; text: string }[]>([]);
  // A log, not one message: two orders arriving together must not silence each other.
  const announce = useCallback((text: string) => {
    setAnnouncements((list) => [...list.slice(-4), { key: (list.at(-1)?.key ?? 0) + 1, text }]);
  }, []);
  const { state, connection } = board;
  const { lanes, finished } = useMemo(() => boardLanes(state.orders, branch.id), [state.orders, branch.id]);
  const fresh = useMemo(() => new Set(state.fresh), [state.fresh]);
  const [focusAfterMove, setFocusAfterMove] = useState<number | null>(null);

  // A moved card is a new element in another lane: keep the keyboard user on it once it is there, or on the summary
  // of the collapsed list of finished orders it went into.
  useLayoutEffect(() => {
    if (focusAfterMove === null) return;
    const moved = document.querySelector<HTMLElement>(`[data-testid="order-card"][data-order-id="${focusAfterMove}"]`);
    if (!moved || moved.dataset.status !== state.orders[focusAfterMove]?.status) return;
    const collapsed = moved.closest('details:not([open])');
    (collapsed?.querySelector<HTMLElement>('summary') ?? moved).focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, state.orders]);

  // New orders: a chime (when the sound is on) and one polite announcement for the batch.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per batch of arrivals, not per render
  useEffect(() => {
    if (state.arrivals.count === 0) return;
    chime.play();
    const text = state.arrivals.ids
      .map((id) => state.orders[id])
      .filter((o): o is StaffOrder => o !== undefined)
      .map((o) =>
        t('staff.board.announceNew', {
          number: formatOrderNumber(o.number, language),
          type: t(`staff.board.orderTypes.${o.orderType}`),
        }),
      )
      .join('. ');
    announce(text);
  }, [state.arrivals.count]);

  const move = useCallback(
    async (order: StaffOrder, to: OrderStatus, reason?: string) => {
      const updated = await board.move(order, to, reason);
      if (updated) {
        announce(
          t('staff.board.announceMoved', {
            number: formatOrderNumber(order.number, language),
            status: orderStatusLabel(updated.status, language),
          }),
        );
      }
      setFocusAfterMove(order.id);
      return updated;
    },
    [board.move, t, language, announce],
  );

  const recordCash = useCallback(
    async (order: StaffOrder) => {
      const updated = await board.recordCash(order);
      if (updated) announce(t('staff.board.announceCash', { number: formatOrderNumber(order.number, language) }));
      return updated;
    },
    [board.recordCash, t, language, announce],
  );

  const card = (order: StaffOrder, compact = false) => (
    <li key={order.id}>
      <OrderCard
        order={order}
        timeZone={branch.timeZone}
        fresh={fresh.has(order.id)}
        compact={compact}
        onAcknowledge={board.acknowledge}
        onMove={move}
        onRecordCash={recordCash}
      />
    </li>
  );

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
      <div className="visually-hidden" role="log" aria-live="polite" data-testid="board-announcer">
        {announcements.map((a) => (
          <p key={a.key}>{a.text}</p>
        ))}
      </div>

      {board.ordersError && (
        <div className="banner banner--error" role="alert" data-testid="board-error">
          <span>
            {t('staff.board.loadError')} {board.ordersError}
          </span>
          <button type="button" className="btn btn-small" onClick={board.refresh}>
            {t('app.retry')}
          </button>
        </div>
      )}
      {!state.loaded && !board.ordersError && (
        <div role="status" className="board__loading">
          <span className="visually-hidden">{t('app.loading')}</span>
          <div className="skeleton skeleton--block" />
        </div>
      )}
      {state.loaded && (
        <>
          <div className="board__lanes" data-testid="board-lanes">
            {lanes.map((lane) => (
              <section
                key={lane.status}
                className={`board-lane board-lane--${lane.status}`}
                aria-labelledby={`lane-${lane.status}`}
                data-testid="board-lane"
                data-status={lane.status}
              >
                <h3 id={`lane-${lane.status}`} className="board-lane__title">
                  {orderStatusLabel(lane.status, language)}
                  <span className="board-lane__count">{formatNumber(lane.orders.length, language)}</span>
                </h3>
                {lane.orders.length === 0 ? (
                  <p className="board-lane__empty">{t('staff.board.laneEmpty')}</p>
                ) : (
                  <ul className="board-lane__orders">{lane.orders.map((order) => card(order))}</ul>
                )}
              </section>
            ))}
          </div>
          <details className="board__finished" data-testid="board-finished">
            <summary>{t('staff.board.finished', { total: formatNumber(finished.length, language) })}</summary>
            {finished.length === 0 ? (
              <p>{t('staff.board.finishedEmpty')}</p>
            ) : (
              <ul className="board__finished-list">{finished.map((order) => card(order, true))}</ul>
            )}
          </details>
        </>
      )}

      <TableStatuses
        tables={board.tables}
        error={board.tablesError}
        onRetry={board.refresh}
        onSet={board.setTableStatus}
      />
    </>
  );
}
