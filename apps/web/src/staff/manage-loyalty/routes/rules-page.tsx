import { localDate } from '@sufra/shared/branch-hours';
import { formatSar } from '@sufra/shared/money';
import type { OrderType } from '@sufra/shared/order-types';
import type { LoyaltyRulesAdmin, LoyaltyRulesBody } from '@sufra/shared/schemas/loyalty-admin';
import { useEffect, useState } from 'react';
import { LoadError, LoadingBlock } from '../../../components/ui/load-state';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { setQueryData } from '../../../lib/query-writes';
import { parseSarInput } from '../../../lib/sar-input';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import type { ConsolePageProps } from '../../console/console-pages';
import { useUnsavedChanges } from '../../console/hooks/use-unsaved-changes';
import { FieldRow } from '../../console/ui/field-row';
import { PageHeader } from '../../console/ui/page-header';
import { SaveBar, type SaveState } from '../../console/ui/save-bar';
import { getLoyaltyRules, loyaltyRulesKey, saveLoyaltyRules } from '../api/loyalty-admin';
import { NEW_RULES, type Problems, type RulesDraft, rulesBody, rulesDraft } from '../loyalty-forms';
import '../manage-loyalty.css';

export { ready } from '../loyalty-strings';

const ORDER_TYPES: readonly OrderType[] = [1, 2, 3];

/** `/staff/manage/loyalty-rules` (issue 27 item 1): points per SAR, the limits, the point's value, expiry, who earns. */
export default function LoyaltyRulesPage(_: ConsolePageProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useApiQuery(loyaltyRulesKey(language), () => getLoyaltyRules(language), { staleMs: 0 });
  return (
    <div className="console-page manage-loyalty" data-testid="loyalty-rules">
      <PageHeader title={t('manageLoyalty.rules.title')} lead={t('manageLoyalty.rules.lead')} />
      {query.error !== undefined && !query.data && <LoadError error={query.error} onRetry={query.refetch} />}
      {!query.data && query.error === undefined && <LoadingBlock />}
      {query.data && <RulesForm data={query.data} />}
    </div>
  );
}

function RulesForm({ data }: { data: LoyaltyRulesAdmin }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [base, setBase] = useState(data);
  const initial = (d: LoyaltyRulesAdmin) => rulesDraft(d.rules ?? NEW_RULES, language);
  const [draft, setDraft] = useState<RulesDraft>(() => initial(data));
  const [problems, setProblems] = useState<Problems>({});
  const [theirs, setTheirs] = useState<(LoyaltyRulesBody & { version: number }) | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useApiMutation((body: LoyaltyRulesBody) => saveLoyaltyRules(body, language));
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial(base));
  const readOnly = !data.canEdit;
  useUnsavedChanges(dirty && !readOnly);

  useEffect(() => {
    if (!dirty && data.version !== base.version) {
      setBase(data);
      setDraft(rulesDraft(data.rules ?? NEW_RULES, language));
    }
  }, [data, dirty, base.version, language]);

  const error = save.error instanceof ApiError ? save.error : null;
  const fieldError = (field: string, serverField = field) =>
    problems[field]
      ? t(`manageLoyalty.errors.${problems[field]}`)
      : error?.fields?.[serverField]
        ? error.message
        : null;
  const state: SaveState = save.busy ? 'saving' : theirs ? 'conflict' : dirty ? 'dirty' : saved ? 'saved' : 'clean';
  const set = (patch: Partial<RulesDraft>) => {
    setSaved(false);
    setProblems({});
    setDraft((d) => ({ ...d, ...patch }));
  };

  const onSave = () => {
    const result = rulesBody(draft, theirs?.version ?? base.version, localDate('Asia/Riyadh', new Date()));
    if (result.problems) {
      setProblems(result.problems);
      return;
    }
    save.mutate(result.body).then(
      (next) => {
        setQueryData(loyaltyRulesKey(language), next);
        setBase(next);
        setDraft(rulesDraft(next.rules ?? NEW_RULES, language));
        setTheirs(null);
        setSaved(true);
      },
      (caught: unknown) => {
        if (caught instanceof ApiError && caught.code === 'edit_conflict')
          setTheirs((caught.details?.theirs as (LoyaltyRulesBody & { version: number }) | undefined) ?? null);
      },
    );
  };

  const pointValue = parseSarInput(draft.pointValueSar);
  const perSar = pointValue && pointValue > 0 ? Math.ceil(100 / pointValue) : null;
  const otherError = error && !error.fields && error.code !== 'edit_conflict' ? errorText(error, language) : null;
  const numberField = (
    field: keyof RulesDraft & string,
    labelKey: string,
    hint?: string,
    extraClass = 'console-input--short',
  ) => (
    <FieldRow
      id={`loyalty-${field}`}
      label={t(`manageLoyalty.rules.${labelKey}`)}
      hint={hint}
      error={fieldError(field, field === 'pointValueSar' ? 'pointValueHalalas' : field)}
    >
      {(control) => (
        <input
          {...control}
          className={`input ${extraClass}`}
          inputMode="numeric"
          disabled={readOnly}
          value={String(draft[field])}
          onChange={(e) => set({ [field]: e.target.value } as Partial<RulesDraft>)}
          data-testid={`loyalty-${field}`}
        />
      )}
    </FieldRow>
  );

  return (
    <form
      className="form console-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (dirty && !readOnly) onSave();
      }}
    >
      <p className="manage-loyalty__note" data-testid="loyalty-rules-note">
        {t('manageLoyalty.rules.appliesNote')}
      </p>
      {!data.rules && <p className="manage-loyalty__note">{t('manageLoyalty.rules.notSetUp')}</p>}
      {readOnly && (
        <p className="manage-loyalty__note" data-testid="loyalty-read-only">
          {t('manageLoyalty.readOnly')}
        </p>
      )}
      <fieldset className="console-fieldset">
        <legend>{t('manageLoyalty.rules.earning')}</legend>
        {numberField('earnPointsPerSar', 'earnPointsPerSar', t('manageLoyalty.rules.earnPointsPerSarHint'))}
        <fieldset className="manage-loyalty__choices" aria-describedby="loyalty-order-types-error">
          <legend>{t('manageLoyalty.rules.orderTypes')}</legend>
          {ORDER_TYPES.map((type) => (
            <label key={type} className="manage-loyalty__check">
              <input
                type="checkbox"
                disabled={readOnly}
                checked={draft.earnOrderTypes.includes(type)}
                onChange={(e) =>
                  set({
                    earnOrderTypes: e.target.checked
                      ? [...draft.earnOrderTypes, type].sort()
                      : draft.earnOrderTypes.filter((x) => x !== type),
                  })
                }
              />
              {t(`manageLoyalty.rules.orderType${type}`)}
            </label>
          ))}
          {fieldError('earnOrderTypes') && (
            <p className="field__error" id="loyalty-order-types-error" role="alert">
              {fieldError('earnOrderTypes')}
            </p>
          )}
        </fieldset>
        <fieldset className="manage-loyalty__choices">
          <legend>{t('manageLoyalty.rules.branches')}</legend>
          <label className="manage-loyalty__check">
            <input
              type="radio"
              name="loyalty-branches"
              disabled={readOnly}
              checked={draft.earnBranchIds === null}
              onChange={() => set({ earnBranchIds: null })}
            />
            {t('manageLoyalty.rules.allBranches')}
          </label>
          <label className="manage-loyalty__check">
            <input
              type="radio"
              name="loyalty-branches"
              disabled={readOnly}
              checked={draft.earnBranchIds !== null}
              onChange={() => set({ earnBranchIds: data.branches.map((b) => b.id) })}
            />
            {t('manageLoyalty.rules.someBranches')}
          </label>
          {draft.earnBranchIds !== null && (
            <div className="manage-loyalty__branches">
              {data.branches.map((branch) => (
                <label key={branch.id} className="manage-loyalty__check">
                  <input
                    type="checkbox"
                    disabled={readOnly}
                    checked={draft.earnBranchIds?.includes(branch.id) ?? false}
                    onChange={(e) => {
                      const now = draft.earnBranchIds ?? [];
                      set({
                        earnBranchIds: e.target.checked
                          ? [...now, branch.id].sort((a, b) => a - b)
                          : now.filter((x) => x !== branch.id),
                      });
                    }}
                  />
                  {branch.name[language]}
                </label>
              ))}
            </div>
          )}
          {fieldError('earnBranchIds') && (
            <p className="field__error" role="alert">
              {fieldError('earnBranchIds')}
            </p>
          )}
        </fieldset>
      </fieldset>
      <fieldset className="console-fieldset">
        <legend>{t('manageLoyalty.rules.spending')}</legend>
        {numberField(
          'pointValueSar',
          'pointValue',
          perSar && pointValue
            ? t('manageLoyalty.rules.pointValueHint', {
                points: formatNumber(perSar, language),
                sar: formatSar(perSar * pointValue, language),
              })
            : undefined,
        )}
        {numberField('minPointsPerRedemption', 'minPointsPerRedemption')}
        {numberField('maxPointsPerTransaction', 'maxPointsPerTransaction')}
        {numberField('maxPointsPerDay', 'maxPointsPerDay')}
        {numberField('maxRedemptionsPerDay', 'maxRedemptionsPerDay')}
      </fieldset>
      <fieldset className="console-fieldset">
        <legend>{t('manageLoyalty.rules.expiry')}</legend>
        <FieldRow id="loyalty-expiry-kind" label={t('manageLoyalty.rules.expiryKind')}>
          {(control) => (
            <select
              {...control}
              className="input"
              disabled={readOnly}
              value={draft.expiryKind}
              onChange={(e) => set({ expiryKind: e.target.value as RulesDraft['expiryKind'] })}
              data-testid="loyalty-expiry-kind"
            >
              <option value="never">{t('manageLoyalty.rules.expiryNever')}</option>
              <option value="days">{t('manageLoyalty.rules.expiryDays')}</option>
              <option value="date">{t('manageLoyalty.rules.expiryDate')}</option>
            </select>
          )}
        </FieldRow>
        {draft.expiryKind === 'days' && numberField('expiryDays', 'expiryDaysLabel')}
        {draft.expiryKind === 'date' && (
          <FieldRow
            id="loyalty-expiry-date"
            label={t('manageLoyalty.rules.expiryDateLabel')}
            hint={t('manageLoyalty.rules.expiryDateHint')}
            error={fieldError('expiryDate', 'expiry')}
          >
            {(control) => (
              <input
                {...control}
                type="date"
                className="input console-input--short"
                disabled={readOnly}
                value={draft.expiryDate}
                onChange={(e) => set({ expiryDate: e.target.value })}
              />
            )}
          </FieldRow>
        )}
      </fieldset>
      {!readOnly && (
        <SaveBar
          state={state}
          onSave={onSave}
          onDiscard={() => {
            setDraft(initial(base));
            setProblems({});
            setTheirs(null);
            save.reset();
          }}
          error={Object.keys(problems).length > 0 ? t('manageLoyalty.errors.fix') : otherError}
          conflict={
            theirs && (
              <p data-testid="loyalty-rules-conflict">
                {t('manageLoyalty.rules.theirs', { points: formatNumber(theirs.earnPointsPerSar, language) })}
              </p>
            )
          }
          onReload={() => {
            if (!theirs) return;
            const next = { ...base, rules: theirs, version: theirs.version };
            setBase(next);
            setDraft(rulesDraft(theirs, language));
            setTheirs(null);
            save.reset();
          }}
        />
      )}
    </form>
  );
}
