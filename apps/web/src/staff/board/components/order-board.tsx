import type { StaffOrder } from '@sufra/shared/schemas/order';
import type { StaffUser } from '@sufra/shared/schemas/staff';
import { useEffect, useMemo, useState } from 'react';
import { paths } from '../../../config/paths';
import { timeZoneName } from '../../../lib/branch-time';
import { navigate } from '../../../lib/navigation';
import { local } from '../../../lib/storage';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { boardLanes, waitingAtPos } from '../board-orders';
import { useBoardAnnouncer } from '../hooks/use-board-announcer';
import { useChime } from '../hooks/use-chime';
import { useOrderBoard } from '../hooks/use-order-board';
import { BoardLanes } from './board-lanes';
import { BoardTools } from './board-tools';
import { OrderCard } from './order-card';
import { PosPendingAlert } from './pos-pending-alert';
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
      {branch && (
        <p className="field__hint" data-testid="board-time-zone">
          {t('staff.timesIn', { zone: timeZoneName(branch.timeZone, language) })}
        </p>
      )}
      {refused && branch && (
        <p className="notice notice--warning" role="alert" data-testid="board-not-your-branch">
          {t('staff.board.notYourBranch', { branch: branch.name[language] })}
        </p>
      )}
      {branch ? (
        <BranchBoard key={branch.id} branch={branch} consoleLink={user.role !== 'cashier'} />
      ) : (
        <p>{t('staff.noBranches')}</p>
      )}
    </section>
  );
}

function BranchBoard({ branch, consoleLink }: { branch: Branch; consoleLink: boolean }) {
  const { t } = useTranslation();
  const board = useOrderBoard(branch.id);
  const chime = useChime();
  const { announcements, move, recordCash } = useBoardAnnouncer(board, chime);
  const { state } = board;
  const { lanes, finished } = useMemo(() => boardLanes(state.orders, branch.id), [state.orders, branch.id]);
  const fresh = useMemo(() => new Set(state.fresh), [state.fresh]);
  const waiting = useMemo(() => waitingAtPos(state.orders, branch.id), [state.orders, branch.id]);

  const card = (order: StaffOrder, compact = false) => (
    <li key={order.id}>
      <OrderCard
        order={order}
        timeZone={branch.timeZone}
        fresh={fresh.has(order.id)}
        compact={compact}
        consoleLink={consoleLink}
        onAcknowledge={board.acknowledge}
        onMove={move}
        onRecordCash={recordCash}
      />
    </li>
  );

  return (
    <>
      <BoardTools board={board} chime={chime} />
      <div className="visually-hidden" role="log" aria-live="polite" data-testid="board-announcer">
        {announcements.map((a) => (
          <p key={a.key}>{a.text}</p>
        ))}
      </div>

      <PosPendingAlert orders={waiting} timeZone={branch.timeZone} />

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
      {state.loaded && <BoardLanes lanes={lanes} finished={finished} card={card} />}

      <TableStatuses
        tables={board.tables}
        error={board.tablesError}
        onRetry={board.refresh}
        onSet={board.setTableStatus}
      />
    </>
  );
}
