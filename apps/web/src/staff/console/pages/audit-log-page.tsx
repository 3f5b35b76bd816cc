import { AUDIT_OBJECT_TYPES } from '@sufra/shared/audit';
import type { AuditEntryView, AuditListQuery } from '@sufra/shared/schemas/audit';
import { useState } from 'react';
import { LoadError } from '../../../components/ui/load-state';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { getAuditLog, getStaffUsers } from '../api/get-audit-log';
import type { ConsolePageProps } from '../console-pages';
import { DataTable, Pager } from '../ui/data-table';
import { PageHeader } from '../ui/page-header';

const PAGE_SIZE = 25;

interface Filter {
  staffUserId: string;
  objectType: string;
  objectId: string;
  from: string;
  to: string;
}
const EMPTY: Filter = { staffUserId: '', objectType: '', objectId: '', from: '', to: '' };

/** A day's start (or end) on this device's clock, as the API's ISO instant. */
const dayBound = (day: string, end: boolean) =>
  day ? new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString() : undefined;

/** The fields a change touched: each with its value before and after (unchanged fields left out). */
export function changedFields(entry: Pick<AuditEntryView, 'before' | 'after'>) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return keys
    .map((key) => ({ key, before: entry.before?.[key], after: entry.after?.[key] }))
    .filter((f) => JSON.stringify(f.before) !== JSON.stringify(f.after));
}

/**
 * A field or action the locales do not label yet (a key added on the server before its labels), made readable rather
 * than shown as a key path: `tableId` → "Table id", `sms_message` → "Sms message".
 */
export function readableKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const show = (value: unknown) =>
  value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** `/staff/manage/audit`: who changed what, when and from where, filtered and paged (issue 26 item 10). Read only. */
export default function AuditLogPage(_: ConsolePageProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [draft, setDraft] = useState<Filter>(EMPTY);
  const [filter, setFilter] = useState<Filter>(EMPTY);
  // The cursors of the pages seen so far: page n starts before cursors[n] (undefined: the newest).
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const page = cursors.length - 1;
  const query: AuditListQuery = {
    staffUserId: filter.staffUserId ? Number(filter.staffUserId) : undefined,
    objectType: filter.objectType || undefined,
    objectId: filter.objectId.trim() || undefined,
    from: dayBound(filter.from, false),
    to: dayBound(filter.to, true),
    before: cursors[page],
    limit: PAGE_SIZE,
  };
  const log = useApiQuery(['staff', 'manage', 'audit', JSON.stringify(query), language], () =>
    getAuditLog(query, language),
  );
  const people = useApiQuery(['staff', 'manage', 'users', language], () => getStaffUsers(language));
  const time = new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Riyadh',
  });

  return (
    <div className="console-page" data-testid="audit-log">
      <PageHeader title={t('console.audit.title')} lead={t('console.audit.lead')} />
      <form
        className="console-filters"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter(draft);
          setCursors([undefined]);
        }}
      >
        <label>
          <span>{t('console.audit.person')}</span>
          <select
            className="input"
            value={draft.staffUserId}
            onChange={(e) => setDraft({ ...draft, staffUserId: e.target.value })}
            data-testid="audit-person"
          >
            <option value="">{t('console.audit.anyone')}</option>
            {people.data?.users.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('console.audit.objectType')}</span>
          <select
            className="input"
            value={draft.objectType}
            onChange={(e) => setDraft({ ...draft, objectType: e.target.value })}
            data-testid="audit-object-type"
          >
            <option value="">{t('console.audit.anything')}</option>
            {AUDIT_OBJECT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`console.audit.types.${type}`, { defaultValue: readableKey(type) })}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('console.audit.objectId')}</span>
          <input
            className="input input--ltr"
            dir="ltr"
            maxLength={200}
            value={draft.objectId}
            onChange={(e) => setDraft({ ...draft, objectId: e.target.value })}
          />
        </label>
        <label>
          <span>{t('console.audit.from')}</span>
          <input
            className="input"
            type="date"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </label>
        <label>
          <span>{t('console.audit.to')}</span>
          <input
            className="input"
            type="date"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </label>
        <button type="submit" className="btn btn-primary" data-testid="audit-apply">
          {t('console.audit.apply')}
        </button>
      </form>
      {log.error !== undefined && <LoadError error={log.error} onRetry={log.refetch} />}
      <DataTable<AuditEntryView>
        label={t('console.audit.title')}
        testId="audit-table"
        rows={log.data?.entries}
        loading={log.loading}
        rowKey={(e) => e.id}
        pageSize={0}
        emptyText={t('console.audit.empty')}
        columns={[
          { id: 'at', header: t('console.audit.when'), cell: (e) => time.format(new Date(e.at)) },
          { id: 'by', header: t('console.audit.who'), cell: (e) => e.by?.name ?? t('console.audit.removedUser') },
          {
            id: 'object',
            header: t('console.audit.object'),
            cell: (e) => (
              <>
                {t(`console.audit.types.${e.objectType}`, { defaultValue: readableKey(e.objectType) })}{' '}
                <bdi dir="ltr">#{e.objectId}</bdi>
                {e.branch && <div className="console-muted">{e.branch.name[language]}</div>}
              </>
            ),
          },
          {
            id: 'action',
            header: t('console.audit.action'),
            cell: (e) => t(`console.audit.actions.${e.action}`, { defaultValue: readableKey(e.action) }),
          },
          {
            id: 'changes',
            header: t('console.audit.changes'),
            cell: (e) => (
              <dl className="console-diff">
                {changedFields(e).map((f) => (
                  <div key={f.key}>
                    <dt>{t(`console.audit.fields.${f.key}`, { defaultValue: readableKey(f.key) })}</dt>
                    <dd>
                      <del>{show(f.before)}</del> <span aria-hidden="true">→</span>{' '}
                      <span className="visually-hidden">{t('console.audit.becomes')}</span>
                      <ins>{show(f.after)}</ins>
                    </dd>
                  </div>
                ))}
              </dl>
            ),
          },
          { id: 'ip', header: t('console.audit.ip'), cell: (e) => <bdi dir="ltr">{e.ip ?? '—'}</bdi> },
        ]}
      />
      {(page > 0 || log.data?.nextBefore) && (
        <Pager
          page={page}
          hasNext={log.data?.nextBefore != null}
          onPage={(next) =>
            setCursors((list) =>
              next > page && log.data?.nextBefore
                ? [...list, log.data.nextBefore]
                : list.slice(0, Math.max(1, next + 1)),
            )
          }
        />
      )}
    </div>
  );
}
