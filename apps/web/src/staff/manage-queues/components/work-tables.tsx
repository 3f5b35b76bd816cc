import type { Language } from '@sufra/shared/language';
import type { JobKindView, ScheduleView } from '@sufra/shared/schemas/queues';
import { branchTimeLocale } from '../../../lib/branch-time';
import type { TFunction } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { DataTable } from '../../console/ui/data-table';

// The queues page's two tables of background work that is not a queue's rows: the timed loops, and every kind of work
// the product has with where the page shows it.

const clocks = new Map<Language, Intl.DateTimeFormat>();
/** A loop's run, to the second (some run every second), on the Saudi branches' clock. */
function clock(iso: string | null, language: Language): string {
  if (!iso) return '—';
  let format = clocks.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(branchTimeLocale(language), { timeStyle: 'medium', timeZone: 'Asia/Riyadh' });
    clocks.set(language, format);
  }
  return format.format(new Date(iso));
}

function every(ms: number, t: TFunction): string {
  if (ms <= 0) return t('manageQueues.whenAsked');
  if (ms < 60_000 || ms % 60_000 !== 0) return t('manageQueues.seconds', { count: Math.round(ms / 1000) });
  return t('manageQueues.minutes', { count: ms / 60_000 });
}

export function SchedulesTable({ schedules, loading }: { schedules: ScheduleView[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <DataTable<ScheduleView>
      label={t('manageQueues.schedulesLabel')}
      testId="schedules-table"
      rows={schedules}
      loading={loading}
      pageSize={0}
      rowKey={(s) => s.name}
      emptyText={t('manageQueues.whenAsked')}
      columns={[
        { id: 'name', header: t('manageQueues.schedule'), cell: (s) => t(`manageQueues.scheduleNames.${s.name}`) },
        { id: 'every', header: t('manageQueues.every'), cell: (s) => every(s.intervalMs, t) },
        { id: 'state', header: t('manageQueues.runState'), cell: (s) => t(`manageQueues.runStates.${s.state}`) },
        {
          id: 'last',
          header: t('manageQueues.lastRun'),
          cell: (s) => <span className="manage-queues__when">{clock(s.lastRunAt, language)}</span>,
        },
        {
          id: 'next',
          header: t('manageQueues.nextRun'),
          cell: (s) => <span className="manage-queues__when">{clock(s.nextRunAt, language)}</span>,
        },
        {
          id: 'error',
          header: t('manageQueues.lastError'),
          cell: (s) =>
            s.lastError ? (
              <span className="manage-queues__what">
                <bdi dir="ltr" className="manage-queues__error">
                  {s.lastError}
                </bdi>
                <span className="console-muted">{clock(s.lastErrorAt, language)}</span>
              </span>
            ) : (
              t('manageQueues.noError')
            ),
        },
      ]}
    />
  );
}

/**
 * Every kind of background work the product has, and where the page shows it: its queues, its timed work, or why it has
 * no queue (in-app notifications are written with the event itself; nothing is sent to others' webhooks).
 */
export function KindsTable({ kinds, loading }: { kinds: JobKindView[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const names = (list: string[], prefix: string) =>
    list.map((n) => t(`${prefix}.${n}`)).join(language === 'ar' ? '، ' : ', ');
  return (
    <DataTable<JobKindView>
      label={t('manageQueues.kindsTitle')}
      testId="queues-kinds"
      rows={kinds}
      loading={loading}
      pageSize={0}
      rowKey={(k) => k.kind}
      emptyText={t('manageQueues.empty.all')}
      columns={[
        { id: 'kind', header: t('manageQueues.kind'), cell: (k) => t(`manageQueues.kindNames.${k.kind}`) },
        {
          id: 'runs',
          header: t('manageQueues.runs'),
          cell: (k) => <span data-testid={`queues-kind-${k.kind}`}>{t(`manageQueues.runsAs.${k.runs}`)}</span>,
        },
        {
          id: 'where',
          header: t('manageQueues.where'),
          cell: (k) =>
            k.queues.length + k.schedules.length === 0
              ? t(`manageQueues.noQueue.${k.kind === 'webhooksOut' ? 'webhooksOut' : 'inApp'}`)
              : [
                  k.queues.length > 0 ? names(k.queues, 'manageQueues.names') : null,
                  k.schedules.length > 0 ? names(k.schedules, 'manageQueues.scheduleNames') : null,
                ]
                  .filter(Boolean)
                  .join(' · '),
        },
      ]}
    />
  );
}
