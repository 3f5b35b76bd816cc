import type { ReferralRulesAdmin, ReferralRulesBody } from '@sufra/shared/schemas/loyalty-admin';
import { useEffect, useState } from 'react';
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
import { FieldRow } from '../../console/ui/field-row';
import { PageHeader } from '../../console/ui/page-header';
import { SaveBar, type SaveState } from '../../console/ui/save-bar';
import { getReferralRules, referralRulesKey, saveReferralRules } from '../api/loyalty-admin';
import { NEW_REFERRAL, type Problems, type ReferralDraft, referralBody, referralDraft } from '../loyalty-forms';
import '../manage-loyalty.css';

export { ready } from '../loyalty-strings';

/** `/staff/manage/loyalty-referral` (issue 27 item 6): the rewards, the refund window, the daily cap, on and off. */
export default function ReferralRulesPage(_: ConsolePageProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useApiQuery(referralRulesKey(language), () => getReferralRules(language), { staleMs: 0 });
  return (
    <div className="console-page manage-loyalty" data-testid="loyalty-referral">
      <PageHeader title={t('manageLoyalty.referral.title')} lead={t('manageLoyalty.referral.lead')} />
      {query.error !== undefined && !query.data && <LoadError error={query.error} onRetry={query.refetch} />}
      {!query.data && query.error === undefined && <LoadingBlock />}
      {query.data && <ReferralForm data={query.data} />}
    </div>
  );
}

type Theirs = ReferralRulesBody & { version: number };

function ReferralForm({ data }: { data: ReferralRulesAdmin }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [base, setBase] = useState(data);
  const initial = (d: ReferralRulesAdmin) => referralDraft(d.rules ?? NEW_REFERRAL, language);
  const [draft, setDraft] = useState<ReferralDraft>(() => initial(data));
  const [problems, setProblems] = useState<Problems>({});
  const [theirs, setTheirs] = useState<Theirs | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useApiMutation((body: ReferralRulesBody) => saveReferralRules(body, language));
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial(base));
  const readOnly = !data.canEdit;
  useUnsavedChanges(dirty && !readOnly);

  useEffect(() => {
    if (!dirty && data.version !== base.version) {
      setBase(data);
      setDraft(referralDraft(data.rules ?? NEW_REFERRAL, language));
    }
  }, [data, dirty, base.version, language]);

  const error = save.error instanceof ApiError ? save.error : null;
  const state: SaveState = save.busy ? 'saving' : theirs ? 'conflict' : dirty ? 'dirty' : saved ? 'saved' : 'clean';
  const set = (patch: Partial<ReferralDraft>) => {
    setSaved(false);
    setProblems({});
    setDraft((d) => ({ ...d, ...patch }));
  };
  const fieldError = (field: string) =>
    problems[field] ? t(`manageLoyalty.errors.${problems[field]}`) : error?.fields?.[field] ? error.message : null;

  const onSave = () => {
    const result = referralBody(draft, theirs?.version ?? base.version);
    if (result.problems) {
      setProblems(result.problems);
      return;
    }
    save.mutate(result.body).then(
      (next) => {
        setQueryData(referralRulesKey(language), next);
        setBase(next);
        setDraft(referralDraft(next.rules ?? NEW_REFERRAL, language));
        setTheirs(null);
        setSaved(true);
      },
      (caught: unknown) => {
        if (caught instanceof ApiError && caught.code === 'edit_conflict')
          setTheirs((caught.details?.theirs as Theirs | undefined) ?? null);
      },
    );
  };

  const numberField = (field: keyof Omit<ReferralDraft, 'enabled'>, hint?: string) => (
    <FieldRow
      id={`referral-${field}`}
      label={t(`manageLoyalty.referral.${field}`)}
      hint={hint}
      error={fieldError(field)}
    >
      {(control) => (
        <input
          {...control}
          className="input console-input--short"
          inputMode="numeric"
          disabled={readOnly}
          value={draft[field]}
          onChange={(e) => set({ [field]: e.target.value })}
          data-testid={`referral-${field}`}
        />
      )}
    </FieldRow>
  );
  const otherError = error && !error.fields && error.code !== 'edit_conflict' ? errorText(error, language) : null;

  return (
    <form
      className="form console-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (dirty && !readOnly) onSave();
      }}
    >
      {readOnly && (
        <p className="manage-loyalty__note" data-testid="loyalty-read-only">
          {t('manageLoyalty.readOnly')}
        </p>
      )}
      <fieldset className="console-fieldset">
        <legend>{t('manageLoyalty.referral.title')}</legend>
        <div>
          <label className="manage-loyalty__check">
            <input
              type="checkbox"
              disabled={readOnly}
              checked={draft.enabled}
              onChange={(e) => set({ enabled: e.target.checked })}
              aria-describedby="referral-enabled-hint"
              data-testid="referral-enabled"
            />
            {t('manageLoyalty.referral.enabled')}
          </label>
          <p className="field__hint" id="referral-enabled-hint">
            {t('manageLoyalty.referral.enabledHint')}
          </p>
        </div>
        {numberField('referrerPoints')}
        {numberField('friendPoints')}
        {numberField('refundWindowDays', t('manageLoyalty.referral.refundWindowHint'))}
        {numberField('invitationsPerDay')}
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
              <p data-testid="referral-conflict">
                {t('manageLoyalty.referral.theirs', {
                  referrer: formatNumber(theirs.referrerPoints, language),
                  friend: formatNumber(theirs.friendPoints, language),
                })}
              </p>
            )
          }
          onReload={() => {
            if (!theirs) return;
            setBase({ ...base, rules: theirs, version: theirs.version });
            setDraft(referralDraft(theirs, language));
            setTheirs(null);
            save.reset();
          }}
        />
      )}
    </form>
  );
}
