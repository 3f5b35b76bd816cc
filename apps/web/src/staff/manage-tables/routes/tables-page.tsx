import { localDigits, typedDigits } from '@sufra/shared/digits';
import type { ManageQrCode, ManageTable } from '@sufra/shared/schemas/manage-tables';
import { type FormEvent, useId, useState } from 'react';
import { Link, Route, Switch, useSearchParams } from 'wouter';
import { LoadError } from '../../../components/ui/load-state';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import type { ConsolePageProps } from '../../console/console-pages';
import { ConfirmDialog } from '../../console/ui/confirm-dialog';
import { type Column, DataTable } from '../../console/ui/data-table';
import { PageHeader } from '../../console/ui/page-header';
import {
  changeCode,
  createCode,
  createTable,
  listTables,
  removeTable,
  tablesKey,
  updateTable,
} from '../api/manage-tables';
import { TableCards } from '../components/table-cards';
import '../manage-tables.css';

type Pending =
  | { kind: 'replace' | 'deactivate'; code: ManageQrCode; label: string }
  | { kind: 'remove'; table: ManageTable }
  | null;

/**
 * Tables and QR codes (issue 26 item 6): a branch's tables (number, seats, area) with their codes, created,
 * replaced and deactivated; the branch's counter codes; and the printable cards (`/print`). The branch is in the
 * address (`?branch=`), so a reload or a shared link opens the same one.
 */
export default function TablesPage({ user }: ConsolePageProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const branchId = Number(params.get('branch')) || user.branches[0]?.id || 0;
  const branchSelect = useId();
  const query = useApiQuery(branchId ? tablesKey(branchId) : null, () => listTables(branchId, language));

  const picker = (
    <div className="manage-tables__branch">
      <label htmlFor={branchSelect}>{t('console.tables.branch')}</label>
      <select
        id={branchSelect}
        className="input"
        value={branchId}
        onChange={(event) => setParams({ branch: event.target.value })}
        data-testid="tables-branch"
      >
        {user.branches.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name[language]}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <Switch>
      <Route path="/print">
        <PageHeader title={t('console.tables.print.title')} lead={query.data?.branchName[language]} />
        {query.error ? (
          <LoadError error={query.error} onRetry={query.refetch} />
        ) : (
          query.data && <TableCards data={query.data} />
        )}
      </Route>
      <Route>
        <PageHeader
          title={t('console.tables.title')}
          lead={t('console.tables.lead')}
          actions={
            <Link href={`/print?branch=${branchId}`} className="btn btn-secondary" data-testid="tables-print">
              {t('console.tables.print.open')}
            </Link>
          }
        />
        {picker}
        {query.error ? (
          <LoadError error={query.error} onRetry={query.refetch} />
        ) : (
          <TablesList branchId={branchId} data={query.data} loading={query.loading} />
        )}
      </Route>
    </Switch>
  );
}

function TablesList({
  branchId,
  data,
  loading,
}: {
  branchId: number;
  data: Awaited<ReturnType<typeof listTables>> | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [pending, setPending] = useState<Pending>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const invalidates = [tablesKey(branchId)];
  const codeAction = useApiMutation(
    ({ uuid, action }: { uuid: string; action: 'replace' | 'deactivate' }) => changeCode(uuid, action, language),
    { invalidates },
  );
  const remove = useApiMutation((id: number) => removeTable(id, language), { invalidates });
  const counter = useApiMutation(() => createCode(branchId, null, language), { invalidates });

  const activeCode = (table: ManageTable) => table.codes.find((c) => c.active);
  const columns: Column<ManageTable>[] = [
    {
      id: 'number',
      header: t('console.tables.number'),
      cell: (row) => <strong>{row.number}</strong>,
      sortValue: (row) => row.number,
    },
    {
      id: 'seats',
      header: t('console.tables.seats'),
      cell: (row) => formatNumber(row.seats, language),
      sortValue: (row) => row.seats,
      numeric: true,
    },
    { id: 'area', header: t('console.tables.area'), cell: (row) => row.area || '—', sortValue: (row) => row.area },
    {
      id: 'code',
      header: t('console.tables.code'),
      cell: (row) => {
        const code = activeCode(row);
        const old = row.codes.length - (code ? 1 : 0);
        return (
          <span className="manage-tables__code">
            {code ? (
              <a href={code.url} target="_blank" rel="noreferrer" data-testid="table-code-link" dir="ltr">
                {code.uuid.slice(0, 8)}
              </a>
            ) : (
              <span className="badge badge--muted">{t('console.tables.noCode')}</span>
            )}
            {old > 0 && (
              <span className="badge badge--muted">
                {t('console.tables.oldCodes', { count: formatNumber(old, language) })}
              </span>
            )}
          </span>
        );
      },
    },
    {
      id: 'actions',
      header: <span className="visually-hidden">{t('console.tables.actions')}</span>,
      cell: (row) => {
        const code = activeCode(row);
        return (
          <span className="manage-tables__actions">
            <button type="button" className="btn btn-secondary" onClick={() => setEditing(row.id)}>
              {t('console.tables.edit')}
            </button>
            {code ? (
              <>
                <button
                  type="button"
                  className="btn btn-secondary"
                  onClick={() => setPending({ kind: 'replace', code, label: row.number })}
                  data-testid="table-replace"
                >
                  {t('console.tables.replace')}
                </button>
                <button
                  type="button"
                  className="btn btn-secondary"
                  onClick={() => setPending({ kind: 'deactivate', code, label: row.number })}
                >
                  {t('console.tables.deactivate')}
                </button>
              </>
            ) : (
              <NewCodeButton branchId={branchId} tableId={row.id} />
            )}
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setPending({ kind: 'remove', table: row })}
            >
              {t('console.tables.remove')}
            </button>
          </span>
        );
      },
    },
  ];

  const confirmBusy = codeAction.busy || remove.busy;
  const confirmError = codeAction.error ?? remove.error;
  const editingRow = data?.tables.find((x) => x.id === editing);

  return (
    <>
      <AddTableForm branchId={branchId} />
      {editingRow && <EditTableForm key={editingRow.id} table={editingRow} onDone={() => setEditing(null)} />}
      <DataTable
        label={t('console.tables.title')}
        columns={columns}
        rows={data?.tables}
        rowKey={(row) => row.id}
        filterText={(row) => `${row.number} ${row.area}`}
        emptyText={t('console.tables.empty')}
        loading={loading}
        testId="tables"
      />
      <section className="manage-tables__counter" aria-labelledby="counter-codes">
        <h2 id="counter-codes">{t('console.tables.counter.title')}</h2>
        <ul>
          {data?.counterCodes
            .filter((c) => c.active)
            .map((code) => (
              <li key={code.uuid}>
                <a href={code.url} target="_blank" rel="noreferrer" dir="ltr">
                  {code.url}
                </a>
                <button
                  type="button"
                  className="btn btn-secondary"
                  onClick={() => setPending({ kind: 'replace', code, label: t('console.tables.counter.one') })}
                >
                  {t('console.tables.replace')}
                </button>
                <button
                  type="button"
                  className="btn btn-secondary"
                  onClick={() => setPending({ kind: 'deactivate', code, label: t('console.tables.counter.one') })}
                >
                  {t('console.tables.deactivate')}
                </button>
              </li>
            ))}
        </ul>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={counter.busy}
          onClick={() => void counter.mutate()}
        >
          {t('console.tables.counter.add')}
        </button>
      </section>
      {pending && (
        <ConfirmDialog
          title={
            pending.kind === 'remove'
              ? t('console.tables.confirm.remove', { number: pending.table.number })
              : t(`console.tables.confirm.${pending.kind}`, { label: pending.label })
          }
          confirmLabel={t(`console.tables.${pending.kind}`)}
          danger
          busy={confirmBusy}
          error={confirmError ? errorText(confirmError, language) : null}
          onCancel={() => {
            codeAction.reset();
            remove.reset();
            setPending(null);
          }}
          onConfirm={async () => {
            try {
              if (pending.kind === 'remove') await remove.mutate(pending.table.id);
              else await codeAction.mutate({ uuid: pending.code.uuid, action: pending.kind });
              setPending(null);
            } catch {
              // Shown in the dialog.
            }
          }}
        >
          <p>{t(`console.tables.confirm.${pending.kind}Lead`)}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

function NewCodeButton({ branchId, tableId }: { branchId: number; tableId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const add = useApiMutation(() => createCode(branchId, tableId, language), { invalidates: [tablesKey(branchId)] });
  return (
    <button type="button" className="btn btn-secondary" disabled={add.busy} onClick={() => void add.mutate()}>
      {t('console.tables.newCode')}
    </button>
  );
}

/**
 * A table's seats (1–99, the server checks): typed in either digit system, kept as ASCII digits, shown in the
 * language's own (a number input would show ٤ as 4 beside the table's ٤).
 */
function SeatsInput({ id, value, onChange }: { id: string; value: string; onChange: (digits: string) => void }) {
  const language = useLanguage();
  return (
    <input
      id={id}
      className="input"
      inputMode="numeric"
      autoComplete="off"
      required
      value={localDigits(value, language)}
      onChange={(e) => onChange(typedDigits(e.target.value, 2))}
    />
  );
}

function AddTableForm({ branchId }: { branchId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const [number, setNumber] = useState('');
  const [seats, setSeats] = useState('4');
  const [area, setArea] = useState('');
  const add = useApiMutation(
    () => createTable({ branchId, number: number.trim(), seats: Number(seats), area: area.trim() }, language),
    { invalidates: [tablesKey(branchId)] },
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await add.mutate();
      setNumber('');
    } catch {
      // Shown under the form.
    }
  };
  return (
    <form className="manage-tables__add" onSubmit={submit} data-testid="add-table">
      <h2 className="visually-hidden">{t('console.tables.add')}</h2>
      <label htmlFor={`${id}-number`}>{t('console.tables.number')}</label>
      <input
        id={`${id}-number`}
        className="input"
        required
        maxLength={12}
        value={number}
        onChange={(e) => setNumber(e.target.value)}
      />
      <label htmlFor={`${id}-seats`}>{t('console.tables.seats')}</label>
      <SeatsInput id={`${id}-seats`} value={seats} onChange={setSeats} />
      <label htmlFor={`${id}-area`}>{t('console.tables.area')}</label>
      <input
        id={`${id}-area`}
        className="input"
        maxLength={40}
        value={area}
        onChange={(e) => setArea(e.target.value)}
      />
      <button type="submit" className="btn btn-primary" disabled={add.busy} data-testid="add-table-submit">
        {add.busy ? t('console.save.saving') : t('console.tables.add')}
      </button>
      {add.error ? (
        <p className="form-alert" role="alert">
          {errorText(add.error, language)}
        </p>
      ) : null}
    </form>
  );
}

function EditTableForm({ table, onDone }: { table: ManageTable; onDone: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const [number, setNumber] = useState(table.number);
  const [seats, setSeats] = useState(String(table.seats));
  const [area, setArea] = useState(table.area);
  const [version, setVersion] = useState(table.version);
  const save = useApiMutation(
    () => updateTable(table.id, { number: number.trim(), seats: Number(seats), area: area.trim(), version }, language),
    { invalidates: [tablesKey(table.branchId)] },
  );
  const conflict =
    save.error instanceof ApiError && save.error.code === 'table_changed'
      ? (save.error.details?.current as ManageTable | undefined)
      : undefined;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save.mutate();
      onDone();
    } catch {
      // Shown below (a conflict offers their version).
    }
  };
  return (
    <form className="manage-tables__add manage-tables__edit" onSubmit={submit} data-testid="edit-table">
      <h2>{t('console.tables.editing', { number: table.number })}</h2>
      <label htmlFor={`${id}-number`}>{t('console.tables.number')}</label>
      <input
        id={`${id}-number`}
        className="input"
        required
        maxLength={12}
        value={number}
        onChange={(e) => setNumber(e.target.value)}
      />
      <label htmlFor={`${id}-seats`}>{t('console.tables.seats')}</label>
      <SeatsInput id={`${id}-seats`} value={seats} onChange={setSeats} />
      <label htmlFor={`${id}-area`}>{t('console.tables.area')}</label>
      <input
        id={`${id}-area`}
        className="input"
        maxLength={40}
        value={area}
        onChange={(e) => setArea(e.target.value)}
      />
      <button type="submit" className="btn btn-primary" disabled={save.busy}>
        {save.busy ? t('console.save.saving') : t('console.save.save')}
      </button>
      <button type="button" className="btn btn-secondary" disabled={save.busy} onClick={onDone}>
        {t('console.confirm.cancel')}
      </button>
      {save.error ? (
        <div className="form-alert" role="alert">
          <p>{errorText(save.error, language)}</p>
          {conflict && (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                setNumber(conflict.number);
                setSeats(String(conflict.seats));
                setArea(conflict.area);
                setVersion(conflict.version);
                save.reset();
              }}
            >
              {t('console.save.reload')}: {conflict.number} · {formatNumber(conflict.seats, language)} ·{' '}
              {conflict.area || '—'}
            </button>
          )}
        </div>
      ) : null}
    </form>
  );
}
