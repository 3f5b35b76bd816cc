import type { Language } from '@sufra/shared/language';
import {
  QUEUE_NAMES,
  type QueueFailure,
  type QueueFailureState,
  type QueueName,
  type QueueSummary,
} from '@sufra/shared/schemas/queues';
import { useState } from 'react';
import { LoadError } from '../../components/ui/load-state';
import { errorText } from '../../lib/api-client';
import { formatBranchDateTime } from '../../lib/branch-time';
import { formatNumber } from '../../lib/format-number';
import { i18n, type TFunction } from '../../lib/i18n';
import { showToast } from '../../lib/toast';
import { useApiMutation } from '../../lib/use-api-mutation';
import { useApiPages } from '../../lib/use-api-pages';
import { useApiQuery } from '../../lib/use-api-query';
import { useLanguage } from '../../lib/use-language';
import { useTranslation } from '../../lib/use-translation';
import type { ConsolePageProps } from '../console/console-pages';
import { ConfirmDialog } from '../console/ui/confirm-dialog';
import { DataTable } from '../console/ui/data-table';
import { PageHeader } from '../console/ui/page-header';
import { getQueueFailures, getQueues, moveQueueItem, queueFailuresKey, queuesKey } from './api/manage-queues';
import { KindsTable, SchedulesTable } from './components/work-tables';
import { rowActions } from './lib/row-actions';
import './manage-queues.css';

/** The queues page's strings (locales/manage-queues.{ar,en}.json), both languages with the page's chunk. */
export const ready: Promise<void> = Promise.all([
  import('../../locales/manage-queues.ar.json'),
  import('../../locales/manage-queues.en.json'),
]).then(([ar, en]) => {
  i18n.addResourceBundle('ar', 'translation', ar.default, true, false);
  i18n.addResourceBundle('en', 'translation', en.default, true, false);
});

const STATE_FILTERS = ['all', 'dead', 'retrying', 'long_retrying'] as const;
type StateFilter = (typeof STATE_FILTERS)[number];

/** Times on the Saudi branches' clock, in the interface language's digits. */
const at = (iso: string | null, language: Language) => (iso ? formatBranchDateTime(iso, 'Asia/Riyadh', language) : '—');

/** What a failing row is, in words: its kind, and who or which order it is for. */
function what(f: QueueFailure, t: TFunction, language: Language) {
  const kind = t(`manageQueues.kinds.${f.kind}`);
  const order = f.orderNumber === null ? null : t('manageQueues.orderNumber', { number: f.orderNumber });
  // The address left to right inside a line of the page's direction (a bare bdi here would align to the left in RTL).
  const to = f.to ? (
    <span className="manage-queues__to">
      <bdi dir="ltr">{f.to}</bdi>
    </span>
  ) : null;
  return (
    <span className="manage-queues__what">
      <span>{kind}</span>
      {order && <span className="console-muted">{order}</span>}
      {to}
      {f.amountHalalas !== null && (
        <span className="console-muted">{formatNumber(f.amountHalalas / 100, language)}</span>
      )}
    </span>
  );
}

/**
 * `/staff/manage/queues` (issue 28 item 2, owners): every outbox's waiting, retrying and given-up rows; a queue's
 * failures a page at a time, a dead letter sent again or a failing one dropped (behind a confirm); the timed work's
 * interval, last and next run and last error.
 */
export default function QueuesPage(_: ConsolePageProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const overview = useApiQuery([...queuesKey, language], () => getQueues(language));
  const [queue, setQueue] = useState<QueueName>('sms');
  const [state, setState] = useState<StateFilter>('all');

  return (
    <div className="console-page manage-queues" data-testid="manage-queues">
      <PageHeader title={t('manageQueues.title')} lead={t('manageQueues.lead')} />
      {overview.error !== undefined && <LoadError error={overview.error} onRetry={overview.refetch} />}
      <QueuesTable queues={overview.data?.queues} loading={overview.loading} />
      <section className="manage-queues__section" aria-labelledby="queues-kinds-title">
        <h2 id="queues-kinds-title">{t('manageQueues.kindsTitle')}</h2>
        <p className="console-muted">{t('manageQueues.kindsLead')}</p>
        <KindsTable kinds={overview.data?.kinds} loading={overview.loading} />
      </section>
      <section className="manage-queues__section" aria-labelledby="queues-failures-title">
        <h2 id="queues-failures-title">
          {t('manageQueues.failuresLabel', { queue: t(`manageQueues.names.${queue}`) })}
        </h2>
        <div className="manage-queues__filters">
          <fieldset className="manage-queues__filter-set">
            <legend className="console-muted">{t('manageQueues.show')}</legend>
            {QUEUE_NAMES.map((q) => (
              <label key={q} className="manage-queues__filter">
                <input
                  type="radio"
                  name="queue"
                  checked={queue === q}
                  onChange={() => setQueue(q)}
                  data-testid={`queues-pick-${q}`}
                />
                {t(`manageQueues.names.${q}`)}
              </label>
            ))}
          </fieldset>
          <fieldset className="manage-queues__filter-set">
            <legend className="console-muted">{t('manageQueues.showState')}</legend>
            {STATE_FILTERS.map((s) => (
              <label key={s} className="manage-queues__filter">
                <input
                  type="radio"
                  name="queue-state"
                  checked={state === s}
                  onChange={() => setState(s)}
                  data-testid={`queues-state-${s}`}
                />
                {t(`manageQueues.states.${s}`)}
              </label>
            ))}
          </fieldset>
        </div>
        <FailuresList queue={queue} state={state} />
      </section>
      <section className="manage-queues__section" aria-labelledby="queues-schedules-title">
        <h2 id="queues-schedules-title">{t('manageQueues.schedulesTitle')}</h2>
        <p className="console-muted">{t('manageQueues.schedulesLead')}</p>
        <SchedulesTable schedules={overview.data?.schedules} loading={overview.loading} />
      </section>
    </div>
  );
}

function QueuesTable({ queues, loading }: { queues: QueueSummary[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const count = (n: number, tone: string) => (
    <span className={n > 0 ? `manage-queues__count manage-queues__count--${tone}` : 'manage-queues__count'}>
      {formatNumber(n, language)}
    </span>
  );
  return (
    <DataTable<QueueSummary>
      label={t('manageQueues.queuesLabel')}
      testId="queues-table"
      rows={queues}
      loading={loading}
      pageSize={0}
      rowKey={(q) => q.queue}
      emptyText={t('manageQueues.empty.all')}
      columns={[
        {
          id: 'queue',
          header: t('manageQueues.queue'),
          sortValue: (q) => t(`manageQueues.names.${q.queue}`),
          cell: (q) => t(`manageQueues.names.${q.queue}`),
        },
        {
          id: 'queued',
          header: t('manageQueues.queued'),
          numeric: true,
          sortValue: (q) => q.queued,
          cell: (q) => count(q.queued, 'queued'),
        },
        {
          id: 'retrying',
          header: t('manageQueues.retrying'),
          numeric: true,
          sortValue: (q) => q.retrying,
          cell: (q) => count(q.retrying, 'retrying'),
        },
        {
          id: 'dead',
          header: t('manageQueues.dead'),
          numeric: true,
          sortValue: (q) => q.dead,
          cell: (q) => <span data-testid={`queues-dead-${q.queue}`}>{count(q.dead, 'dead')}</span>,
        },
        {
          id: 'longRetrying',
          header: t('manageQueues.longRetrying'),
          numeric: true,
          sortValue: (q) => q.longRetrying,
          cell: (q) => <span data-testid={`queues-long-${q.queue}`}>{count(q.longRetrying, 'dead')}</span>,
        },
        {
          id: 'oldest',
          header: t('manageQueues.oldest'),
          sortValue: (q) => q.oldestWaitingAt,
          cell: (q) => at(q.oldestWaitingAt, language),
        },
        {
          id: 'givesUp',
          header: t('manageQueues.givesUp'),
          sortValue: (q) => q.maxAttempts,
          cell: (q) =>
            q.maxAttempts === null
              ? t('manageQueues.neverGivesUp')
              : t('manageQueues.afterTries', { count: q.maxAttempts }),
        },
      ]}
    />
  );
}

function FailuresList({ queue, state }: { queue: QueueName; state: StateFilter }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const list = useApiPages(
    [...queueFailuresKey, queue, state, language],
    (before: number | undefined) => getQueueFailures(queue, state, before, language),
    (last) => last.nextBefore ?? undefined,
    { staleMs: 0 },
  );
  const [confirming, setConfirming] = useState<QueueFailure | null>(null);
  const move = useApiMutation(
    (c: { item: QueueFailure; action: 'retry' | 'discard' }) =>
      moveQueueItem(c.item.queue, c.item.id, c.action, language),
    { invalidates: [queuesKey, queueFailuresKey] },
  );
  const retry = (item: QueueFailure) => {
    move.reset();
    move.mutate({ item, action: 'retry' }).then(
      () => void showToast(rowActions(item).tryNow ? t('manageQueues.triedNow') : t('manageQueues.retried')),
      (error: unknown) => void showToast(errorText(error, language), 'error'),
    );
  };
  const rows = list.pages?.flatMap((page) => page.failures);
  const canRetry = (f: QueueFailure) => rowActions(f).retry;
  const canDiscard = (f: QueueFailure) => rowActions(f).discard;

  return (
    <>
      {list.error !== undefined && <LoadError error={list.error} onRetry={list.refetch} />}
      <DataTable<QueueFailure>
        label={t('manageQueues.failuresLabel', { queue: t(`manageQueues.names.${queue}`) })}
        testId="queue-failures"
        rows={rows}
        loading={list.loading}
        pageSize={0}
        rowKey={(f) => f.id}
        emptyText={t(`manageQueues.empty.${state}`)}
        columns={[
          { id: 'what', header: t('manageQueues.what'), cell: (f) => what(f, t, language) },
          {
            id: 'state',
            header: t('manageQueues.state'),
            sortValue: (f) => f.state,
            cell: (f) => (
              <span className="manage-queues__what">
                <span className={`manage-queues__state manage-queues__state--${f.state}`}>
                  {t(`manageQueues.states.${f.state satisfies QueueFailureState}`)}
                </span>
                {f.longRetrying && (
                  <span className="manage-queues__state manage-queues__state--dead" data-testid={`queue-long-${f.id}`}>
                    {t('manageQueues.states.long_retrying')}
                  </span>
                )}
                <span className="console-muted">{t('manageQueues.tries', { count: f.attempts })}</span>
              </span>
            ),
          },
          {
            id: 'error',
            header: t('manageQueues.lastError'),
            cell: (f) =>
              f.lastError ? (
                <span className="manage-queues__error">
                  <bdi dir="ltr">{f.lastError}</bdi>
                </span>
              ) : (
                '—'
              ),
          },
          {
            id: 'created',
            header: t('manageQueues.when'),
            sortValue: (f) => f.createdAt,
            cell: (f) => (
              <span className="manage-queues__what">
                <span>{t('manageQueues.writtenAt', { at: at(f.createdAt, language) })}</span>
                <span className="console-muted">
                  {f.nextAttemptAt
                    ? t('manageQueues.nextTryAt', { at: at(f.nextAttemptAt, language) })
                    : t('manageQueues.noNextTry')}
                </span>
              </span>
            ),
          },
          {
            id: 'actions',
            header: t('manageQueues.actions'),
            cell: (f) =>
              (canRetry(f) || canDiscard(f)) && (
                <div className="manage-queues__row-actions">
                  {canRetry(f) && (
                    <button
                      type="button"
                      className="btn btn-primary"
                      disabled={move.busy}
                      onClick={() => retry(f)}
                      data-testid={`queue-retry-${f.id}`}
                    >
                      {rowActions(f).tryNow ? t('manageQueues.tryNow') : t('manageQueues.retry')}
                    </button>
                  )}
                  {canDiscard(f) && (
                    <button
                      type="button"
                      className="btn btn-secondary"
                      disabled={move.busy}
                      onClick={() => {
                        move.reset();
                        setConfirming(f);
                      }}
                      data-testid={`queue-discard-${f.id}`}
                    >
                      {t('manageQueues.discard')}
                    </button>
                  )}
                </div>
              ),
          },
        ]}
      />
      {list.hasMore && (
        <button
          type="button"
          className="btn btn-secondary manage-queues__more"
          disabled={list.loadingMore}
          onClick={list.loadMore}
          data-testid="queue-failures-more"
        >
          {t('manageQueues.loadMore')}
        </button>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('manageQueues.discardTitle')}
          confirmLabel={t('manageQueues.discard')}
          danger
          busy={move.busy}
          error={move.error !== undefined ? errorText(move.error, language) : null}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            move.mutate({ item: confirming, action: 'discard' }).then(
              () => {
                setConfirming(null);
                void showToast(t('manageQueues.discarded'));
              },
              () => {},
            );
          }}
        >
          <p>{what(confirming, t, language)}</p>
          <p>{t('manageQueues.discardBody')}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
