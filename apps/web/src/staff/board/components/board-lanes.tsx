import { orderStatusLabel } from '@sufra/shared/machines/order-status';
import type { StaffOrder } from '@sufra/shared/schemas/order';
import type { ReactNode } from 'react';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import type { boardLanes } from '../board-orders';

type Props = ReturnType<typeof boardLanes> & { card: (order: StaffOrder, compact?: boolean) => ReactNode };

/** One lane per status with its orders, then the finished ones collapsed. */
export function BoardLanes({ lanes, finished, card }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
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
  );
}
