import { whiteTextPassesAA } from '@sufra/shared/brand-color';
import type { BrandSettings, BrandSettingsBody } from '@sufra/shared/schemas/brand-settings';
import { useEffect, useState } from 'react';
import { LoadError, LoadingBlock } from '../../../components/ui/load-state';
import { ApiError, errorText } from '../../../lib/api-client';
import { setQueryData } from '../../../lib/query-writes';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { brandSettingsKey, getBrandSettings, saveBrandSettings } from '../api/brand-settings';
import type { ConsolePageProps } from '../console-pages';
import { useUnsavedChanges } from '../hooks/use-unsaved-changes';
import { FieldRow } from '../ui/field-row';
import { PageHeader } from '../ui/page-header';
import { SaveBar, type SaveState } from '../ui/save-bar';
import { BrandLogoField } from './brand-logo-field';

interface Draft {
  nameAr: string;
  nameEn: string;
  brandColor: string;
  defaultLanguage: 'ar' | 'en';
  vatNumber: string;
  vatPercent: string;
  taxMode: 'inclusive' | 'exclusive';
  hosts: string;
  managersEditMenu: boolean;
}

const draftOf = (s: BrandSettings): Draft => ({
  nameAr: s.name.ar,
  nameEn: s.name.en,
  brandColor: s.brandColor ?? '',
  defaultLanguage: s.defaultLanguage,
  vatNumber: s.vatNumber ?? '',
  vatPercent: String(s.vatRateBp / 100),
  taxMode: s.taxMode,
  hosts: s.hosts.join('\n'),
  managersEditMenu: s.managersEditMenu,
});

const bodyOf = (d: Draft, version: number): BrandSettingsBody => ({
  name: { ar: d.nameAr, en: d.nameEn },
  brandColor: d.brandColor.trim() === '' ? null : d.brandColor.trim().toLowerCase(),
  defaultLanguage: d.defaultLanguage,
  vatNumber: d.vatNumber.trim() === '' ? null : d.vatNumber.trim(),
  vatRateBp: Math.round(Number(d.vatPercent) * 100),
  taxMode: d.taxMode,
  hosts: d.hosts
    .split(/\s+/)
    .map((h) => h.trim())
    .filter(Boolean),
  managersEditMenu: d.managersEditMenu,
  version,
});

/** `/staff/manage/brand`: the brand's names, colour, language, VAT and page hosts (issue 26 item 8). */
export default function BrandSettingsPage({ user }: ConsolePageProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useApiQuery(brandSettingsKey(language), () => getBrandSettings(language), { staleMs: 0 });
  return (
    <div className="console-page" data-testid="brand-settings">
      <PageHeader title={t('console.brand.title')} lead={t('console.brand.lead')} />
      {query.error !== undefined && !query.data && <LoadError error={query.error} onRetry={query.refetch} />}
      {!query.data && query.error === undefined && <LoadingBlock />}
      {query.data && <BrandSettingsForm settings={query.data} isOwner={user.role === 'owner'} />}
    </div>
  );
}

function BrandSettingsForm({ settings, isOwner }: { settings: BrandSettings; isOwner: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [base, setBase] = useState(settings);
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [theirs, setTheirs] = useState<BrandSettings | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useApiMutation((body: BrandSettingsBody) => saveBrandSettings(body, language));
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftOf(base));
  useUnsavedChanges(dirty);

  // A refetch after someone else's save (and no edits here) shows theirs.
  useEffect(() => {
    if (!dirty && settings.version !== base.version) {
      setBase(settings);
      setDraft(draftOf(settings));
    }
  }, [settings, dirty, base.version]);

  const error = save.error instanceof ApiError ? save.error : null;
  const fieldError = (field: string) => (error?.fields?.[field] ? error.message : null);
  const state: SaveState = save.busy ? 'saving' : theirs ? 'conflict' : dirty ? 'dirty' : saved ? 'saved' : 'clean';
  const set = (patch: Partial<Draft>) => {
    setSaved(false);
    setDraft((d) => ({ ...d, ...patch }));
  };

  const onSave = () => {
    save.mutate(bodyOf(draft, theirs?.version ?? base.version)).then(
      (next) => {
        setQueryData(brandSettingsKey(language), next);
        setBase(next);
        setDraft(draftOf(next));
        setTheirs(null);
        setSaved(true);
      },
      (caught: unknown) => {
        if (caught instanceof ApiError && caught.code === 'edit_conflict')
          setTheirs((caught.details?.theirs as BrandSettings | undefined) ?? null);
      },
    );
  };

  const color = draft.brandColor.trim().toLowerCase();
  const colorOk = color === '' || whiteTextPassesAA(color);
  const otherError = error && !error.fields && error.code !== 'edit_conflict' ? errorText(error, language) : null;

  return (
    <form
      className="form console-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (dirty) onSave();
      }}
    >
      <fieldset className="console-fieldset">
        <legend>{t('console.brand.names')}</legend>
        <FieldRow id="brand-name-ar" label={t('console.brand.nameAr')} error={fieldError('name')}>
          {(control) => (
            <input
              {...control}
              className="input"
              dir="rtl"
              lang="ar"
              maxLength={80}
              value={draft.nameAr}
              onChange={(e) => set({ nameAr: e.target.value })}
            />
          )}
        </FieldRow>
        <FieldRow id="brand-name-en" label={t('console.brand.nameEn')}>
          {(control) => (
            <input
              {...control}
              className="input"
              dir="ltr"
              lang="en"
              maxLength={80}
              value={draft.nameEn}
              onChange={(e) => set({ nameEn: e.target.value })}
            />
          )}
        </FieldRow>
      </fieldset>
      <fieldset className="console-fieldset">
        <legend>{t('console.brand.look')}</legend>
        <BrandLogoField
          logo={base.logo}
          version={theirs?.version ?? base.version}
          onSaved={(next) => {
            // The logo moved the settings' version: the form's next save names it (its edits stay as typed).
            setQueryData(brandSettingsKey(language), next);
            setBase(next);
          }}
        />
        <FieldRow
          id="brand-color"
          label={t('console.brand.color')}
          optional
          hint={t('console.brand.colorHint')}
          error={fieldError('brandColor') ?? (colorOk ? null : t('console.brand.colorTooLight'))}
        >
          {(control) => (
            <div className="console-color">
              <input
                {...control}
                className="input input--ltr"
                dir="ltr"
                placeholder="#6b2fa3"
                maxLength={7}
                value={draft.brandColor}
                onChange={(e) => set({ brandColor: e.target.value })}
              />
              <input
                type="color"
                aria-label={t('console.brand.colorPicker')}
                className="console-color__picker"
                value={/^#[0-9a-f]{6}$/.test(color) ? color : '#6b2fa3'}
                onChange={(e) => set({ brandColor: e.target.value })}
              />
              <span
                className="console-color__sample"
                style={{ background: /^#[0-9a-f]{6}$/.test(color) ? color : 'var(--color-primary)' }}
              >
                {settings.name[language]}
              </span>
            </div>
          )}
        </FieldRow>
        <FieldRow id="brand-language" label={t('console.brand.defaultLanguage')}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={draft.defaultLanguage}
              onChange={(e) => set({ defaultLanguage: e.target.value === 'en' ? 'en' : 'ar' })}
            >
              <option value="ar">العربية</option>
              <option value="en">English</option>
            </select>
          )}
        </FieldRow>
      </fieldset>
      <fieldset className="console-fieldset">
        <legend>{t('console.brand.tax')}</legend>
        <FieldRow
          id="brand-vat-number"
          label={t('console.brand.vatNumber')}
          optional
          hint={t('console.brand.vatNumberHint')}
          error={fieldError('vatNumber')}
        >
          {(control) => (
            <input
              {...control}
              className="input input--ltr"
              dir="ltr"
              inputMode="numeric"
              maxLength={15}
              value={draft.vatNumber}
              onChange={(e) => set({ vatNumber: e.target.value.replace(/\D/g, '') })}
            />
          )}
        </FieldRow>
        <FieldRow id="brand-vat-rate" label={t('console.brand.vatRate')} error={fieldError('vatRateBp')}>
          {(control) => (
            <input
              {...control}
              className="input input--ltr console-input--short"
              dir="ltr"
              type="number"
              min={0}
              max={100}
              step={0.01}
              value={draft.vatPercent}
              onChange={(e) => set({ vatPercent: e.target.value })}
            />
          )}
        </FieldRow>
        <FieldRow id="brand-tax-mode" label={t('console.brand.taxMode')}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={draft.taxMode}
              onChange={(e) => set({ taxMode: e.target.value === 'exclusive' ? 'exclusive' : 'inclusive' })}
            >
              <option value="inclusive">{t('console.brand.taxInclusive')}</option>
              <option value="exclusive">{t('console.brand.taxExclusive')}</option>
            </select>
          )}
        </FieldRow>
      </fieldset>
      <fieldset className="console-fieldset">
        <legend>{t('console.brand.pages')}</legend>
        <FieldRow
          id="brand-hosts"
          label={t('console.brand.hosts')}
          hint={t('console.brand.hostsHint')}
          error={fieldError('hosts')}
        >
          {(control) => (
            <textarea
              {...control}
              className="input textarea input--ltr"
              dir="ltr"
              rows={3}
              value={draft.hosts}
              onChange={(e) => set({ hosts: e.target.value })}
            />
          )}
        </FieldRow>
      </fieldset>
      <fieldset className="console-fieldset">
        <legend>{t('console.brand.team')}</legend>
        <FieldRow
          id="brand-managers-edit-menu"
          label={t('console.brand.managersEditMenu')}
          hint={`${t('console.brand.managersEditMenuHint')}${isOwner ? '' : ` ${t('console.brand.ownerOnly')}`}`}
        >
          {(control) => (
            <input
              {...control}
              type="checkbox"
              className="console-checkbox"
              checked={draft.managersEditMenu}
              disabled={!isOwner}
              onChange={(e) => set({ managersEditMenu: e.target.checked })}
            />
          )}
        </FieldRow>
      </fieldset>
      <SaveBar
        state={state}
        onSave={onSave}
        onDiscard={() => {
          setDraft(draftOf(base));
          setTheirs(null);
          save.reset();
        }}
        error={otherError}
        conflict={
          theirs && (
            <p data-testid="brand-conflict">
              {t('console.brand.theirs', {
                name: theirs.name[language],
                vat: `${theirs.vatRateBp / 100}%`,
              })}
            </p>
          )
        }
        onReload={() => {
          if (!theirs) return;
          setBase(theirs);
          setDraft(draftOf(theirs));
          setTheirs(null);
          save.reset();
        }}
      />
    </form>
  );
}
