import type { LevelsBody, LoyaltyLevelsAdmin } from '@sufra/shared/schemas/loyalty-admin';
import { Fragment, useEffect, useState } from 'react';
import { LoadError, LoadingBlock } from '../../../components/ui/load-state';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { setQueryData } from '../../../lib/query-writes';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import type { ConsolePageProps } from '../../console/console-pages';
import { useUnsavedChanges } from '../../console/hooks/use-unsaved-changes';
import { PageHeader } from '../../console/ui/page-header';
import { SaveBar, type SaveState } from '../../console/ui/save-bar';
import { getLoyaltyLevels, loyaltyLevelsKey, previewLoyaltyLevels, saveLoyaltyLevels } from '../api/loyalty-admin';
import { type LevelDraft, levelDraft, levelsBody, type Problems, swapLevels } from '../loyalty-forms';
import '../manage-loyalty.css';

export { ready } from '../loyalty-strings';

/** `/staff/manage/loyalty-levels` (issue 27 item 2): add, edit, reorder and retire levels, with their effect. */
export default function LoyaltyLevelsPage(_: ConsolePageProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useApiQuery(loyaltyLevelsKey(language), () => getLoyaltyLevels(language), { staleMs: 0 });
  return (
    <div className="console-page manage-loyalty" data-testid="loyalty-levels">
      <PageHeader title={t('manageLoyalty.levels.title')} lead={t('manageLoyalty.levels.lead')} />
      {query.error !== undefined && !query.data && <LoadError error={query.error} onRetry={query.refetch} />}
      {!query.data && query.error === undefined && <LoadingBlock />}
      {query.data && <LevelsEditor data={query.data} />}
    </div>
  );
}

/** Draft rows lowest first, as the ladder reads. */
const rowsOf = (data: LoyaltyLevelsAdmin, language: 'ar' | 'en') =>
  [...data.levels].sort((a, b) => a.minLifetimePoints - b.minLifetimePoints).map((l) => levelDraft(l, language));

let newKeys = 0;

export function LevelsEditor({ data }: { data: LoyaltyLevelsAdmin }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [base, setBase] = useState(data);
  const [rows, setRows] = useState<LevelDraft[]>(() => rowsOf(data, language));
  const [open, setOpen] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [theirs, setTheirs] = useState<{ levels: unknown[]; version: number } | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useApiMutation((body: LevelsBody) => saveLoyaltyLevels(body, language));
  const dirty = JSON.stringify(rows) !== JSON.stringify(rowsOf(base, language));
  const readOnly = !data.canEdit;
  useUnsavedChanges(dirty && !readOnly);

  useEffect(() => {
    if (!dirty && data.version !== base.version) {
      setBase(data);
      setRows(rowsOf(data, language));
    }
  }, [data, dirty, base.version, language]);

  // The preview of a valid, changed draft, asked once typing pauses; nothing is written.
  const candidate = levelsBody(rows, base.version);
  const proposal = dirty && candidate.body ? JSON.stringify(candidate.body) : null;
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(proposal), 400);
    return () => clearTimeout(timer);
  }, [proposal]);
  const preview = useApiQuery(
    asked && asked === proposal ? ['staff', 'manage', 'loyalty', 'levels-preview', language, asked] : null,
    () => previewLoyaltyLevels(JSON.parse(asked ?? '{}') as LevelsBody, language),
  );

  const error = save.error instanceof ApiError ? save.error : null;
  const state: SaveState = save.busy ? 'saving' : theirs ? 'conflict' : dirty ? 'dirty' : saved ? 'saved' : 'clean';
  const edit = (next: LevelDraft[]) => {
    setSaved(false);
    setProblems({});
    setRows(next);
  };
  const patch = (key: string, change: Partial<LevelDraft>) =>
    edit(rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const problem = (key: string, field: string) => {
    const code = problems[`${key}.${field}`];
    return code ? t(`manageLoyalty.errors.${code}`) : null;
  };

  const onSave = () => {
    const result = levelsBody(rows, theirs?.version ?? base.version);
    if (result.problems) {
      setProblems(result.problems);
      return;
    }
    save.mutate(result.body).then(
      (next) => {
        setQueryData(loyaltyLevelsKey(language), next);
        setBase(next);
        setRows(rowsOf(next, language));
        setTheirs(null);
        setSaved(true);
      },
      (caught: unknown) => {
        if (caught instanceof ApiError && caught.code === 'edit_conflict')
          setTheirs((caught.details?.theirs as { levels: unknown[]; version: number } | undefined) ?? null);
      },
    );
  };

  const addLevel = () => {
    newKeys += 1;
    const key = `new-${newKeys}`;
    edit([
      ...rows,
      {
        key,
        id: null,
        nameAr: '',
        nameEn: '',
        minLifetimePoints: rows.length === 0 ? formatNumber(0, language) : '',
        multiplier: formatNumber(1, language),
        perksAr: '',
        perksEn: '',
      },
    ]);
  };

  const nowOf = (row: LevelDraft) => data.levels.find((l) => l.id === row.id)?.diners;
  const afterOf = (index: number) =>
    preview.data && asked === proposal ? preview.data.levels[index]?.diners : undefined;
  const setProblem = problems.set ? t(`manageLoyalty.errors.${problems.set}`) : null;
  const otherError = error && error.code !== 'edit_conflict' ? errorText(error, language) : null;

  return (
    <form
      className="form console-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (dirty && !readOnly) onSave();
      }}
    >
      <p className="manage-loyalty__note">{t('manageLoyalty.levels.floorNote')}</p>
      {readOnly && (
        <p className="manage-loyalty__note" data-testid="loyalty-read-only">
          {t('manageLoyalty.readOnly')}
        </p>
      )}
      <p className="manage-loyalty__preview" role="status" data-testid="levels-preview">
        {proposal === null
          ? ''
          : preview.data && asked === proposal
            ? preview.data.moved === 0
              ? t('manageLoyalty.levels.previewNone')
              : t('manageLoyalty.levels.preview', {
                  moved: formatNumber(preview.data.moved, language),
                  total: formatNumber(preview.data.total, language),
                })
            : t('manageLoyalty.levels.previewing')}
      </p>
      <div className="manage-loyalty__table-wrap">
        <table
          className="manage-loyalty__levels"
          aria-label={t('manageLoyalty.levels.table')}
          data-testid="levels-table"
        >
          <thead>
            <tr>
              <th scope="col">{t('manageLoyalty.levels.order')}</th>
              <th scope="col">{t('manageLoyalty.levels.name')}</th>
              <th scope="col">{t('manageLoyalty.levels.from')}</th>
              <th scope="col">{t('manageLoyalty.levels.multiplier')}</th>
              <th scope="col" className="manage-loyalty__num">
                {t('manageLoyalty.levels.dinersNow')}
              </th>
              <th scope="col" className="manage-loyalty__num">
                {t('manageLoyalty.levels.dinersAfter')}
              </th>
              <th scope="col">{t('manageLoyalty.levels.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={7}>{t('manageLoyalty.levels.empty')}</td>
              </tr>
            )}
            {rows.map((row, index) => {
              const label =
                row.nameAr || row.nameEn
                  ? (language === 'ar' ? row.nameAr : row.nameEn) || row.nameAr || row.nameEn
                  : t('manageLoyalty.levels.newName');
              const now = nowOf(row);
              const after = afterOf(index);
              return (
                <Fragment key={row.key}>
                  <tr data-testid={`level-row-${index}`}>
                    <td>
                      <div className="manage-loyalty__actions manage-loyalty__order">
                        <button
                          type="button"
                          className="btn btn-secondary btn-icon"
                          aria-label={t('manageLoyalty.levels.moveUp', { name: label })}
                          disabled={readOnly || index === 0}
                          onClick={() => edit(swapLevels(rows, index, -1))}
                        >
                          ↑
                        </button>
                        <button
                          type="button"
                          className="btn btn-secondary btn-icon"
                          aria-label={t('manageLoyalty.levels.moveDown', { name: label })}
                          disabled={readOnly || index === rows.length - 1}
                          onClick={() => edit(swapLevels(rows, index, 1))}
                        >
                          ↓
                        </button>
                      </div>
                    </td>
                    <td>
                      <div className="manage-loyalty__names">
                        <input
                          className="input"
                          dir="rtl"
                          lang="ar"
                          maxLength={60}
                          aria-label={t('manageLoyalty.levels.nameAr')}
                          aria-invalid={problem(row.key, 'nameAr') ? true : undefined}
                          disabled={readOnly}
                          value={row.nameAr}
                          onChange={(e) => patch(row.key, { nameAr: e.target.value })}
                          data-testid={`level-name-ar-${index}`}
                        />
                        <input
                          className="input"
                          dir="ltr"
                          lang="en"
                          maxLength={60}
                          aria-label={t('manageLoyalty.levels.nameEn')}
                          aria-invalid={problem(row.key, 'nameEn') ? true : undefined}
                          disabled={readOnly}
                          value={row.nameEn}
                          onChange={(e) => patch(row.key, { nameEn: e.target.value })}
                          data-testid={`level-name-en-${index}`}
                        />
                        {(problem(row.key, 'nameAr') ?? problem(row.key, 'nameEn')) && (
                          <p className="field__error">{problem(row.key, 'nameAr') ?? problem(row.key, 'nameEn')}</p>
                        )}
                      </div>
                    </td>
                    <td>
                      <input
                        className="input manage-loyalty__points"
                        inputMode="numeric"
                        aria-label={t('manageLoyalty.levels.from')}
                        aria-invalid={problem(row.key, 'minLifetimePoints') ? true : undefined}
                        disabled={readOnly}
                        value={row.minLifetimePoints}
                        onChange={(e) => patch(row.key, { minLifetimePoints: e.target.value })}
                        data-testid={`level-min-${index}`}
                      />
                      {problem(row.key, 'minLifetimePoints') && (
                        <p className="field__error">{problem(row.key, 'minLifetimePoints')}</p>
                      )}
                    </td>
                    <td>
                      <input
                        className="input manage-loyalty__multiplier"
                        inputMode="decimal"
                        aria-label={t('manageLoyalty.levels.multiplier')}
                        aria-invalid={problem(row.key, 'multiplier') ? true : undefined}
                        disabled={readOnly}
                        value={row.multiplier}
                        onChange={(e) => patch(row.key, { multiplier: e.target.value })}
                        data-testid={`level-multiplier-${index}`}
                      />
                      {problem(row.key, 'multiplier') && (
                        <p className="field__error">{problem(row.key, 'multiplier')}</p>
                      )}
                    </td>
                    <td className="manage-loyalty__num" data-testid={`level-now-${index}`}>
                      {now === undefined ? '—' : formatNumber(now, language)}
                    </td>
                    <td className="manage-loyalty__num" data-testid={`level-after-${index}`}>
                      {after === undefined ? (
                        '—'
                      ) : (
                        <span className={after !== (now ?? 0) ? 'manage-loyalty__changed' : undefined}>
                          {formatNumber(after, language)}
                        </span>
                      )}
                    </td>
                    <td>
                      <div className="manage-loyalty__actions">
                        <button
                          type="button"
                          className="btn btn-secondary btn-small"
                          aria-expanded={open === row.key}
                          aria-controls={`perks-${row.key}`}
                          onClick={() => setOpen(open === row.key ? null : row.key)}
                          data-testid={`level-perks-toggle-${index}`}
                        >
                          {t('manageLoyalty.levels.perks')}
                        </button>
                        {!readOnly && (
                          <button
                            type="button"
                            className="btn btn-secondary btn-small"
                            aria-label={t('manageLoyalty.levels.retireLabel', { name: label })}
                            onClick={() => edit(rows.filter((r) => r.key !== row.key))}
                            data-testid={`level-retire-${index}`}
                          >
                            {t('manageLoyalty.levels.retire')}
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                  {open === row.key && (
                    <tr id={`perks-${row.key}`}>
                      <td colSpan={7}>
                        <fieldset className="manage-loyalty__perks" style={{ border: 0, padding: 0, margin: 0 }}>
                          <legend className="visually-hidden">
                            {t('manageLoyalty.levels.editPerks', { name: label })}
                          </legend>
                          <label className="field">
                            <span className="field__label">{t('manageLoyalty.levels.perksAr')}</span>
                            <textarea
                              className="input textarea"
                              dir="rtl"
                              lang="ar"
                              rows={3}
                              disabled={readOnly}
                              value={row.perksAr}
                              onChange={(e) => patch(row.key, { perksAr: e.target.value })}
                            />
                          </label>
                          <label className="field">
                            <span className="field__label">{t('manageLoyalty.levels.perksEn')}</span>
                            <textarea
                              className="input textarea"
                              dir="ltr"
                              lang="en"
                              rows={3}
                              disabled={readOnly}
                              value={row.perksEn}
                              onChange={(e) => patch(row.key, { perksEn: e.target.value })}
                            />
                          </label>
                          {problem(row.key, 'perks') && <p className="field__error">{problem(row.key, 'perks')}</p>}
                        </fieldset>
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
      {!readOnly && (
        <p>
          <button type="button" className="btn btn-secondary" onClick={addLevel} data-testid="level-add">
            {t('manageLoyalty.levels.add')}
          </button>
        </p>
      )}
      {setProblem && (
        <p className="form-alert" role="alert" data-testid="levels-set-error">
          {setProblem}
        </p>
      )}
      {!readOnly && (
        <SaveBar
          state={state}
          onSave={onSave}
          onDiscard={() => {
            setRows(rowsOf(base, language));
            setProblems({});
            setTheirs(null);
            save.reset();
          }}
          error={Object.keys(problems).length > 0 ? t('manageLoyalty.errors.fix') : otherError}
          conflict={
            theirs && (
              <p data-testid="levels-conflict">
                {t('manageLoyalty.levels.theirs', {
                  count: theirs.levels.length,
                  countText: formatNumber(theirs.levels.length, language),
                })}
              </p>
            )
          }
          onReload={() => {
            if (!theirs) return;
            setTheirs(null);
            save.reset();
            setBase({ ...base, version: theirs.version });
            setRows(
              rowsOf(
                { ...base, levels: (theirs.levels as LoyaltyLevelsAdmin['levels']).map((l) => ({ ...l, diners: 0 })) },
                language,
              ),
            );
          }}
        />
      )}
    </form>
  );
}
