import type { SmsTemplate } from '@sufra/shared/schemas/notify';
import { useEffect, useState } from 'react';
import { LoadError, LoadingBlock } from '../../../components/ui/load-state';
import { ApiError, errorText } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import type { ConsolePageProps } from '../../console/console-pages';
import { useUnsavedChanges } from '../../console/hooks/use-unsaved-changes';
import { FieldRow } from '../../console/ui/field-row';
import { PageHeader } from '../../console/ui/page-header';
import { SaveBar, type SaveState } from '../../console/ui/save-bar';
import { listSmsTemplates, saveSmsTemplate, smsTemplatesKey } from '../api/manage-notify';

/**
 * `/staff/manage/notifications`: the brand's diner texts (issue 28 item 4): "ready for pickup", "on its way" and
 * prize codes, in Arabic and English, with the placeholders each may use; owners save (version-checked, audited),
 * managers read.
 */
export default function NotificationsPage({ user }: ConsolePageProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useApiQuery([...smsTemplatesKey, language], () => listSmsTemplates(language), { staleMs: 0 });
  return (
    <div className="console-page" data-testid="manage-notifications">
      <PageHeader title={t('manageNotify.title')} lead={t('manageNotify.lead')} />
      {query.error !== undefined && !query.data && <LoadError error={query.error} onRetry={query.refetch} />}
      {!query.data && query.error === undefined && <LoadingBlock />}
      {query.data?.templates.map((template) => (
        <TemplateForm key={template.kind} template={template} canEdit={user.role === 'owner'} />
      ))}
    </div>
  );
}

function TemplateForm({ template, canEdit }: { template: SmsTemplate; canEdit: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [base, setBase] = useState(template);
  const [draft, setDraft] = useState(template.body);
  const [theirs, setTheirs] = useState<SmsTemplate | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useApiMutation(
    (v: { body: { ar: string; en: string }; version: number }) =>
      saveSmsTemplate(template.kind, v.body, v.version, language),
    { invalidates: [smsTemplatesKey] },
  );
  const dirty = draft.ar !== base.body.ar || draft.en !== base.body.en;
  useUnsavedChanges(dirty);

  useEffect(() => {
    if (!dirty && template.version !== base.version) {
      setBase(template);
      setDraft(template.body);
    }
  }, [template, dirty, base.version]);

  const error = save.error instanceof ApiError ? save.error : null;
  const state: SaveState = save.busy ? 'saving' : theirs ? 'conflict' : dirty ? 'dirty' : saved ? 'saved' : 'clean';
  const set = (patch: Partial<{ ar: string; en: string }>) => {
    setSaved(false);
    setDraft((d) => ({ ...d, ...patch }));
  };
  const onSave = () => {
    save.mutate({ body: draft, version: theirs?.version ?? base.version }).then(
      (next) => {
        setBase(next);
        setDraft(next.body);
        setTheirs(null);
        setSaved(true);
      },
      (caught: unknown) => {
        if (caught instanceof ApiError && caught.code === 'edit_conflict')
          setTheirs((caught.details?.theirs as SmsTemplate | undefined) ?? null);
      },
    );
  };
  const placeholders = template.placeholders.allowed.map((name) => `{${name}}`).join('  ');
  const required = template.placeholders.required.map((name) => `{${name}}`).join('  ');
  const otherError = error && !error.fields && error.code !== 'edit_conflict' ? errorText(error, language) : null;
  const id = `sms-${template.kind}`;

  return (
    <form
      className="form console-form"
      noValidate
      data-testid={id}
      onSubmit={(event) => {
        event.preventDefault();
        if (dirty && canEdit) onSave();
      }}
    >
      <fieldset className="console-fieldset" disabled={!canEdit}>
        <legend>{t(`manageNotify.kinds.${template.kind}`)}</legend>
        <p className="console-muted">
          {t('manageNotify.placeholders', { list: placeholders })} {t('manageNotify.required', { list: required })}
        </p>
        <FieldRow id={`${id}-ar`} label={t('manageNotify.arabic')} error={error?.fields?.['body.ar'] ?? null}>
          {(control) => (
            <textarea
              {...control}
              className="input"
              dir="rtl"
              lang="ar"
              rows={2}
              maxLength={320}
              value={draft.ar}
              onChange={(e) => set({ ar: e.target.value })}
            />
          )}
        </FieldRow>
        <FieldRow id={`${id}-en`} label={t('manageNotify.english')} error={error?.fields?.['body.en'] ?? null}>
          {(control) => (
            <textarea
              {...control}
              className="input"
              dir="ltr"
              lang="en"
              rows={2}
              maxLength={320}
              value={draft.en}
              onChange={(e) => set({ en: e.target.value })}
            />
          )}
        </FieldRow>
        {canEdit && (
          <button
            type="button"
            className="btn btn-ghost"
            disabled={save.busy || (draft.ar === template.defaults.ar && draft.en === template.defaults.en)}
            onClick={() => set(template.defaults)}
            data-testid={`${id}-defaults`}
          >
            {t('manageNotify.useDefault')}
          </button>
        )}
      </fieldset>
      {!canEdit && <p className="console-muted">{t('manageNotify.ownerOnly')}</p>}
      {canEdit && (
        <SaveBar
          state={state}
          onSave={onSave}
          onDiscard={() => {
            setDraft(base.body);
            setTheirs(null);
            save.reset();
          }}
          onReload={() => {
            if (!theirs) return;
            setBase(theirs);
            setDraft(theirs.body);
            setTheirs(null);
            save.reset();
          }}
          error={otherError}
        />
      )}
    </form>
  );
}
