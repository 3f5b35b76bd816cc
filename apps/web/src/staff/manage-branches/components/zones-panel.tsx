import { formatSar } from '@sufra/shared/money';
import type { ManageZone, ZoneManageBody } from '@sufra/shared/schemas/branch-manage';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { parseSarInput } from '../../../lib/sar-input';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { deleteZone, saveZone } from '../api/manage-branches';
import type { Ring } from './branch-map';

interface Draft {
  nameAr: string;
  nameEn: string;
  fee: string;
  minimum: string;
  minutes: string;
  priority: string;
  ring: Ring | null;
}

const draftOf = (zone: ManageZone | null): Draft => ({
  nameAr: zone?.name.ar ?? '',
  nameEn: zone?.name.en ?? '',
  fee: zone ? String(zone.feeHalalas / 100) : '',
  minimum: zone ? String(zone.minimumOrderHalalas / 100) : '0',
  minutes: zone?.estimatedMinutes ? String(zone.estimatedMinutes) : '',
  priority: zone ? String(zone.priority) : '0',
  ring: zone ? ((zone.geometry.coordinates[0] ?? null) as Ring | null) : null,
});

/**
 * The branch's delivery zones: the list, and the form of the one being drawn or edited. The outline comes from the
 * map (`ring`); the server checks it (closed, ≥ 3 corners, no crossing) and answers its reason when it is not.
 */
export function ZonesPanel({
  branchId,
  zones,
  editing,
  ring,
  onEditing,
}: {
  branchId: number;
  zones: readonly ManageZone[];
  editing: number | 'new' | null;
  ring: Ring | null;
  onEditing: (zone: number | 'new' | null) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const current = typeof editing === 'number' ? (zones.find((z) => z.id === editing) ?? null) : null;
  const [draft, setDraft] = useState<Draft>(() => draftOf(current));
  const [problem, setProblem] = useState<string | null>(null);
  const invalidates = [['staff', 'manage-branches']] as const;
  const save = useApiMutation((body: ZoneManageBody) => saveZone(branchId, current?.id ?? null, body, language), {
    invalidates,
  });
  const remove = useApiMutation((id: number) => deleteZone(branchId, id, language), { invalidates });
  const outline = ring ?? draft.ring;

  const start = (zone: number | 'new') => {
    setDraft(draftOf(zone === 'new' ? null : (zones.find((z) => z.id === zone) ?? null)));
    setProblem(null);
    onEditing(zone);
  };

  const submit = async () => {
    const fee = parseSarInput(draft.fee);
    const minimum = parseSarInput(draft.minimum || '0');
    const minutes = draft.minutes.trim() === '' ? null : Number(draft.minutes);
    if (!draft.nameAr.trim() || !draft.nameEn.trim()) return setProblem(t('manageBranches.zones.nameRequired'));
    if (fee === null || minimum === null) return setProblem(t('manageBranches.zones.amountInvalid'));
    if (!outline) return setProblem(t('manageBranches.zones.drawFirst'));
    try {
      await save.mutate({
        name: { ar: draft.nameAr.trim(), en: draft.nameEn.trim() },
        feeHalalas: fee,
        minimumOrderHalalas: minimum,
        estimatedMinutes: minutes !== null && Number.isInteger(minutes) && minutes > 0 ? minutes : null,
        priority: Number.parseInt(draft.priority || '0', 10) || 0,
        geometry: { type: 'Polygon', coordinates: [outline] },
      });
      onEditing(null);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t('manageBranches.zones.saveFailed'));
    }
  };

  const field = (key: keyof Omit<Draft, 'ring'>, label: string, inputMode?: 'decimal' | 'numeric') => (
    <label className="field manage-branches__zone-field">
      <span className="field__label">{label}</span>
      <input
        value={draft[key]}
        inputMode={inputMode}
        dir={key === 'nameAr' ? 'rtl' : key === 'nameEn' ? 'ltr' : undefined}
        disabled={save.busy}
        onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
        data-testid={`zone-${key}`}
      />
    </label>
  );

  return (
    <section className="manage-branches__zones" aria-labelledby="zones-title">
      <h2 id="zones-title">{t('manageBranches.zones.title')}</h2>
      {zones.length === 0 && editing === null && <p className="field__hint">{t('manageBranches.zones.none')}</p>}
      {zones.length > 0 && (
        <div className="console-table">
          <div className="console-table__scroll">
            <table data-testid="zones-table">
              <thead>
                <tr>
                  <th scope="col">{t('manageBranches.zones.name')}</th>
                  <th scope="col">{t('manageBranches.zones.fee')}</th>
                  <th scope="col">{t('manageBranches.zones.minimum')}</th>
                  <th scope="col">{t('manageBranches.zones.minutes')}</th>
                  <th scope="col">{t('manageBranches.zones.priority')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('manageBranches.zones.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {zones.map((zone) => (
                  <tr key={zone.id} data-testid={`zone-row-${zone.id}`}>
                    <td>{zone.name[language]}</td>
                    <td>{formatSar(zone.feeHalalas, language)}</td>
                    <td>{formatSar(zone.minimumOrderHalalas, language)}</td>
                    <td>{zone.estimatedMinutes ? formatNumber(zone.estimatedMinutes, language) : '—'}</td>
                    <td>{formatNumber(zone.priority, language)}</td>
                    <td className="manage-branches__row-actions">
                      <button
                        type="button"
                        className="btn btn-secondary btn-small"
                        disabled={editing !== null}
                        onClick={() => start(zone.id)}
                      >
                        {t('manageBranches.zones.edit')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-secondary btn-small"
                        disabled={editing !== null || remove.busy}
                        onClick={() => {
                          if (window.confirm(t('manageBranches.zones.confirmDelete', { zone: zone.name[language] }))) {
                            void remove.mutate(zone.id).catch(() => undefined);
                          }
                        }}
                      >
                        {t('manageBranches.zones.delete')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {editing === null ? (
        <button type="button" className="btn btn-primary" onClick={() => start('new')} data-testid="zone-draw">
          {t('manageBranches.zones.draw')}
        </button>
      ) : (
        <div className="manage-branches__zone-form" data-testid="zone-form">
          <p className="field__hint" role="status" data-testid="zone-outline-status">
            {outline
              ? t('manageBranches.zones.outlineReady', { corners: formatNumber(outline.length - 1, language) })
              : t('manageBranches.zones.drawHint')}
          </p>
          <div className="manage-branches__zone-fields">
            {field('nameAr', t('manageBranches.zones.nameAr'))}
            {field('nameEn', t('manageBranches.zones.nameEn'))}
            {field('fee', t('manageBranches.zones.feeSar'), 'decimal')}
            {field('minimum', t('manageBranches.zones.minimumSar'), 'decimal')}
            {field('minutes', t('manageBranches.zones.minutesOptional'), 'numeric')}
            {field('priority', t('manageBranches.zones.priority'), 'numeric')}
          </div>
          <p className="field__hint">{t('manageBranches.zones.priorityHint')}</p>
          {problem && (
            <p className="form-alert" role="alert" data-testid="zone-problem">
              {problem}
            </p>
          )}
          <div className="manage-branches__zone-actions">
            <button type="button" className="btn btn-secondary" disabled={save.busy} onClick={() => onEditing(null)}>
              {t('manageBranches.zones.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={save.busy}
              onClick={submit}
              data-testid="zone-save"
            >
              {save.busy ? t('console.save.saving') : t('manageBranches.zones.save')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
