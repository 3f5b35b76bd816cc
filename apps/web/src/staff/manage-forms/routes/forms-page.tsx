import type {
  EvaluationFormBody,
  ManageEvaluationForm,
  ManageEvaluationForms,
} from '@sufra/shared/schemas/evaluations-admin';
import { useState } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { LoadError, LoadingBlock } from '../../../components/ui/load-state';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { invalidateQueries } from '../../../lib/query-writes';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import type { ConsolePageProps } from '../../console/console-pages';
import { useUnsavedChanges } from '../../console/hooks/use-unsaved-changes';
import { PageHeader } from '../../console/ui/page-header';
import { SaveBar, type SaveState } from '../../console/ui/save-bar';
import { createEvaluationForm, formsKey, getEvaluationForms, saveEvaluationForm } from '../api/manage-forms';
import { Preview } from '../components/form-preview';
import { QuestionEditor } from '../components/question-editor';
import {
  bodyOf,
  draftOf,
  type FormDraft,
  moveQuestion,
  newQuestion,
  type Problems,
  type QuestionDraft,
} from '../forms-draft';
import '../manage-forms.css';

export { ready } from '../forms-strings';

/**
 * `/staff/manage/evaluation-forms` (issue 27 item 5): the brand's evaluation forms, and an editor of one: its
 * questions (kind, both languages, required or optional, options, order by buttons), where it is offered, the
 * low-rating threshold and the apology prize, with a preview in the page's language.
 */
export default function EvaluationFormsPage(_: ConsolePageProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useApiQuery(formsKey(language), () => getEvaluationForms(language), { staleMs: 0 });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const data = query.data;
  const form = data && typeof editing === 'number' ? data.forms.find((f) => f.id === editing) : undefined;
  return (
    <div className="console-page manage-forms" data-testid="evaluation-forms">
      <PageHeader
        title={t('manageForms.title')}
        lead={t('manageForms.lead')}
        actions={
          data &&
          editing === null && (
            <button type="button" className="btn btn-primary" onClick={() => setEditing('new')} data-testid="form-add">
              {t('manageForms.add')}
            </button>
          )
        }
      />
      {query.error !== undefined && !data && <LoadError error={query.error} onRetry={query.refetch} />}
      {!data && query.error === undefined && <LoadingBlock />}
      {data && editing === null && <FormsList data={data} onEdit={setEditing} />}
      {data && editing !== null && (editing === 'new' || form) && (
        <FormEditor
          key={editing}
          data={data}
          form={form ?? null}
          onClose={() => setEditing(null)}
          onSaved={(saved) => setEditing(saved.id)}
        />
      )}
    </div>
  );
}

function placesText(form: ManageEvaluationForm, t: (key: string) => string) {
  return [form.forOrders ? t('manageForms.forOrders') : null, form.forVisits ? t('manageForms.forVisits') : null]
    .filter(Boolean)
    .join(' · ');
}

function FormsList({ data, onEdit }: { data: ManageEvaluationForms; onEdit: (id: number) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (data.forms.length === 0) return <p data-testid="forms-empty">{t('manageForms.empty')}</p>;
  const branchName = (id: number) => data.branches.find((b) => b.id === id)?.name[language] ?? '';
  return (
    <div className="manage-forms__table-wrap">
      <table className="manage-forms__table" aria-label={t('manageForms.table')} data-testid="forms-table">
        <thead>
          <tr>
            <th scope="col">{t('manageForms.name')}</th>
            <th scope="col">{t('manageForms.where')}</th>
            <th scope="col">{t('manageForms.branches')}</th>
            <th scope="col" className="manage-forms__num">
              {t('manageForms.questions')}
            </th>
            <th scope="col" className="manage-forms__num">
              {t('manageForms.submissions')}
            </th>
            <th scope="col">{t('manageForms.status')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('manageForms.edit')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.forms.map((form) => (
            <tr key={form.id} data-testid={`form-row-${form.id}`}>
              <th scope="row">{form.name[language]}</th>
              <td>{placesText(form, t)}</td>
              <td>
                {form.branchIds === null ? t('manageForms.allBranches') : form.branchIds.map(branchName).join('، ')}
              </td>
              <td className="manage-forms__num">{formatNumber(form.questions.length, language)}</td>
              <td className="manage-forms__num">{formatNumber(form.submissions, language)}</td>
              <td>{form.active ? t('manageForms.active') : t('manageForms.inactive')}</td>
              <td>
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  aria-label={`${t('manageForms.edit')}: ${form.name[language]}`}
                  onClick={() => onEdit(form.id)}
                  data-testid={`form-edit-${form.id}`}
                >
                  {t('manageForms.edit')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface EditorProps {
  data: ManageEvaluationForms;
  form: ManageEvaluationForm | null;
  onClose: () => void;
  onSaved: (form: ManageEvaluationForm) => void;
}

function FormEditor({ data, form, onClose, onSaved }: EditorProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [base, setBase] = useState(form);
  const [draft, setDraft] = useState<FormDraft>(() => draftOf(form, language));
  const [problems, setProblems] = useState<Problems>({});
  const [theirs, setTheirs] = useState<ManageEvaluationForm | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useApiMutation((body: EvaluationFormBody) =>
    base
      ? saveEvaluationForm(base.id, { ...body, version: theirs?.version ?? base.version }, language)
      : createEvaluationForm(body, language),
  );
  const readOnly = form !== null && !form.editable;
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftOf(base, language));
  useUnsavedChanges(dirty && !readOnly);
  const state: SaveState = save.busy ? 'saving' : theirs ? 'conflict' : dirty ? 'dirty' : saved ? 'saved' : 'clean';
  const error = save.error instanceof ApiError && save.error.code !== 'edit_conflict' ? save.error : null;

  const edit = (change: Partial<FormDraft>) => {
    setSaved(false);
    setProblems({});
    setDraft((d) => ({ ...d, ...change }));
  };
  const editQuestion = (key: string, change: Partial<QuestionDraft>) =>
    edit({ questions: draft.questions.map((q) => (q.key === key ? { ...q, ...change } : q)) });
  const problem = (field: string) => (problems[field] ? t(`manageForms.errors.${problems[field]}`) : null);

  const onSave = () => {
    const result = bodyOf(draft);
    if (result.problems) {
      setProblems(result.problems);
      return;
    }
    save.mutate(result.body).then(
      (next) => {
        void invalidateQueries(['staff', 'manage', 'evaluation-forms']);
        setBase(next);
        setDraft(draftOf(next, language));
        setTheirs(null);
        setSaved(true);
        onSaved(next);
      },
      (caught: unknown) => {
        if (caught instanceof ApiError && caught.code === 'edit_conflict')
          setTheirs((caught.details?.theirs as ManageEvaluationForm | undefined) ?? null);
      },
    );
  };

  const mine = data.branches.filter((b) => b.mine || data.canLinkAllBranches);
  const toggleBranch = (id: number, on: boolean) => {
    const now = draft.branchIds ?? [];
    edit({ branchIds: on ? [...now, id].sort((a, b) => a - b) : now.filter((b) => b !== id) });
  };

  return (
    <div className="manage-forms__editor">
      <p>
        <button type="button" className="btn btn-secondary" onClick={onClose} data-testid="forms-back">
          {t('manageForms.back')}
        </button>
      </p>
      {readOnly && (
        <p className="manage-forms__note" data-testid="form-read-only">
          {t('manageForms.readOnly')}
        </p>
      )}
      <div className="manage-forms__columns">
        <form
          className="form console-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (dirty && !readOnly) onSave();
          }}
        >
          <fieldset className="manage-forms__fieldset" disabled={readOnly}>
            <div className="manage-forms__pair">
              <label className="field">
                <span className="field__label">{t('manageForms.nameAr')}</span>
                <input
                  className="input"
                  dir="rtl"
                  lang="ar"
                  maxLength={200}
                  value={draft.nameAr}
                  aria-invalid={problem('name') ? true : undefined}
                  onChange={(e) => edit({ nameAr: e.target.value })}
                  data-testid="form-name-ar"
                />
              </label>
              <label className="field">
                <span className="field__label">{t('manageForms.nameEn')}</span>
                <input
                  className="input"
                  dir="ltr"
                  lang="en"
                  maxLength={200}
                  value={draft.nameEn}
                  aria-invalid={problem('name') ? true : undefined}
                  onChange={(e) => edit({ nameEn: e.target.value })}
                  data-testid="form-name-en"
                />
              </label>
            </div>
            {problem('name') && <p className="field__error">{problem('name')}</p>}
            <label className="manage-forms__check">
              <input
                type="checkbox"
                checked={draft.active}
                onChange={(e) => edit({ active: e.target.checked })}
                data-testid="form-active"
              />
              {t('manageForms.activeLabel')}
            </label>
            <fieldset className="manage-forms__choices">
              <legend>{t('manageForms.placesLegend')}</legend>
              <label className="manage-forms__check">
                <input
                  type="checkbox"
                  checked={draft.forOrders}
                  onChange={(e) => edit({ forOrders: e.target.checked })}
                  data-testid="form-for-orders"
                />
                {t('manageForms.forOrders')}
              </label>
              <label className="manage-forms__check">
                <input
                  type="checkbox"
                  checked={draft.forVisits}
                  onChange={(e) => edit({ forVisits: e.target.checked })}
                  data-testid="form-for-visits"
                />
                {t('manageForms.forVisits')}
              </label>
              {problem('places') && <p className="field__error">{problem('places')}</p>}
            </fieldset>
            <fieldset className="manage-forms__choices">
              <legend>{t('manageForms.branchesLegend')}</legend>
              {data.canLinkAllBranches && (
                <label className="manage-forms__check">
                  <input
                    type="checkbox"
                    checked={draft.branchIds === null}
                    onChange={(e) => edit({ branchIds: e.target.checked ? null : [] })}
                    data-testid="form-all-branches"
                  />
                  {t('manageForms.everyBranch')}
                </label>
              )}
              {draft.branchIds !== null &&
                mine.map((b) => (
                  <label className="manage-forms__check" key={b.id}>
                    <input
                      type="checkbox"
                      checked={draft.branchIds?.includes(b.id) ?? false}
                      onChange={(e) => toggleBranch(b.id, e.target.checked)}
                    />
                    {b.name[language]}
                  </label>
                ))}
              {problem('branches') && <p className="field__error">{problem('branches')}</p>}
            </fieldset>
            <div className="manage-forms__pair">
              <FormField id="form-points" label={t('manageForms.pointsReward')} error={problem('pointsReward')}>
                {(control) => (
                  <input
                    {...control}
                    className="input"
                    inputMode="numeric"
                    value={draft.pointsReward}
                    onChange={(e) => edit({ pointsReward: e.target.value })}
                    data-testid="form-points"
                  />
                )}
              </FormField>
              <FormField id="form-threshold" label={t('manageForms.threshold')} error={problem('lowRatingThreshold')}>
                {(control) => (
                  <input
                    {...control}
                    className="input"
                    inputMode="numeric"
                    value={draft.lowRatingThreshold}
                    onChange={(e) => edit({ lowRatingThreshold: e.target.value })}
                    data-testid="form-threshold"
                  />
                )}
              </FormField>
            </div>
            <FormField id="form-apology" label={t('manageForms.apology')}>
              {(control) => (
                <select
                  {...control}
                  className="input"
                  value={draft.apologyRewardId ?? ''}
                  onChange={(e) => edit({ apologyRewardId: e.target.value === '' ? null : Number(e.target.value) })}
                  data-testid="form-apology"
                >
                  <option value="">{t('manageForms.apologyFirst')}</option>
                  {data.apologyRewards.map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.name[language]}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <fieldset className="manage-forms__questions">
              <legend>{t('manageForms.questionsLegend')}</legend>
              <ol className="manage-forms__question-list">
                {draft.questions.map((q, index) => (
                  <QuestionEditor
                    key={q.key}
                    question={q}
                    index={index}
                    count={draft.questions.length}
                    problem={problem}
                    onChange={(change) => editQuestion(q.key, change)}
                    onMove={(by) => edit({ questions: moveQuestion(draft.questions, index, by) })}
                    onRemove={() => edit({ questions: draft.questions.filter((x) => x.key !== q.key) })}
                  />
                ))}
              </ol>
              <p>
                <button
                  type="button"
                  className="btn btn-secondary"
                  onClick={() => edit({ questions: [...draft.questions, newQuestion('rating')] })}
                  data-testid="question-add"
                >
                  {t('manageForms.addQuestion')}
                </button>
              </p>
            </fieldset>
            {form && form.retiredQuestions.length > 0 && (
              <details className="manage-forms__retired">
                <summary>{t('manageForms.retired')}</summary>
                <ul>
                  {form.retiredQuestions.map((q) => (
                    <li key={q.id}>{q.label[language]}</li>
                  ))}
                </ul>
              </details>
            )}
          </fieldset>
          {!readOnly && (
            <SaveBar
              state={state}
              onSave={onSave}
              onDiscard={() => {
                setDraft(draftOf(base, language));
                setProblems({});
                setTheirs(null);
                save.reset();
              }}
              error={
                Object.keys(problems).length > 0 ? t('manageForms.errors.fix') : error && errorText(error, language)
              }
              conflict={
                theirs && (
                  <p data-testid="form-conflict">
                    {t('manageForms.theirs', {
                      name: theirs.name[language],
                      count: theirs.questions.length,
                      countText: formatNumber(theirs.questions.length, language),
                    })}
                  </p>
                )
              }
              onReload={() => {
                if (!theirs) return;
                setBase(theirs);
                setDraft(draftOf(theirs, language));
                setTheirs(null);
                save.reset();
              }}
            />
          )}
        </form>
        <Preview draft={draft} language={language} />
      </div>
    </div>
  );
}
