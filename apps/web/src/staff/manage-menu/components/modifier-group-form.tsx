import type {
  AdminMenuResponse,
  AdminModifierGroup,
  BulkConflictDetails,
  ModifierGroupBody,
} from '@sufra/shared/schemas/menu-admin';
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { showToast } from '../../../lib/toast';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useUnsavedChanges } from '../../console/hooks/use-unsaved-changes';
import { ConfirmDialog } from '../../console/ui/confirm-dialog';
import { FieldRow } from '../../console/ui/field-row';
import { PageHeader } from '../../console/ui/page-header';
import { SaveBar, type SaveState } from '../../console/ui/save-bar';
import { createModifierGroup, deleteModifierGroup, menuAdminPrefix, saveModifierGroup } from '../api/menu-admin';
import {
  type GroupDraft,
  type GroupDraftError,
  groupBodyOf,
  groupDraftErrors,
  groupDraftOf,
  newOption,
  type OptionDraft,
} from '../modifier-group-draft';

function attachedTo(menu: AdminMenuResponse, groupId: number | undefined): number[] {
  if (groupId === undefined) return [];
  return menu.items.filter((i) => i.modifierGroupIds.includes(groupId)).map((i) => i.id);
}

/** The editor itself (exported for its component test). */
export function GroupForm({ group, menu }: { group: AdminModifierGroup | null; menu: AdminMenuResponse }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [, navigate] = useLocation();
  const [base, setBase] = useState(group);
  // What the items say now (the menu is read again after a save or a conflict): the links this save changes.
  const attachedBefore = useMemo(() => attachedTo(menu, base?.id), [menu, base?.id]);
  const versions = useMemo(() => new Map(menu.items.map((i) => [i.id, i.version])), [menu.items]);
  const [draft, setDraft] = useState<GroupDraft>(() => groupDraftOf(group, attachedBefore));
  const [tried, setTried] = useState(false);
  const [saved, setSaved] = useState(false);
  const [theirs, setTheirs] = useState<AdminModifierGroup | null>(null);
  const [conflicted, setConflicted] = useState<BulkConflictDetails['conflicts']>([]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [itemFilter, setItemFilter] = useState('');
  const dirty = JSON.stringify(draft) !== JSON.stringify(groupDraftOf(base, attachedBefore));
  useUnsavedChanges(dirty);
  const editable = menu.canEditMenu;
  const errors = new Set<GroupDraftError>(tried ? groupDraftErrors(draft) : []);
  const invalidates = [menuAdminPrefix];
  const save = useApiMutation(
    (body: ModifierGroupBody) =>
      base
        ? saveModifierGroup(base.id, { ...body, version: base.version }, language)
        : createModifierGroup(body, language),
    { invalidates },
  );
  const remove = useApiMutation((id: number) => deleteModifierGroup(id, language), { invalidates });

  const state: SaveState = theirs ? 'conflict' : save.busy ? 'saving' : dirty ? 'dirty' : saved ? 'saved' : 'clean';
  const change = (next: Partial<GroupDraft>) => {
    setSaved(false);
    setDraft((d) => ({ ...d, ...next }));
  };
  const changeOption = (index: number, next: Partial<OptionDraft>) =>
    change({ options: draft.options.map((o, i) => (i === index ? { ...o, ...next } : o)) });

  const onSave = async () => {
    setTried(true);
    setConflicted([]);
    const body = groupBodyOf(draft, attachedBefore, versions);
    if (!body) return;
    try {
      const result = await save.mutate(body);
      setSaved(true);
      if (!base) {
        navigate(`/modifier-groups/${result.id}`, { replace: true });
        return;
      }
      setBase(result);
      setDraft((d) => ({ ...groupDraftOf(result, d.itemIds) }));
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 409) return;
      const details = error.details as { current?: AdminModifierGroup; conflicts?: BulkConflictDetails['conflicts'] };
      if (details?.current) setTheirs(details.current);
      if (details?.conflicts) setConflicted(details.conflicts);
    }
  };

  const saveError =
    save.error instanceof ApiError && !(save.error.status === 409 && theirs) ? save.error.message : null;
  const fieldError = (key: GroupDraftError, message: string) => (errors.has(key) ? message : null);
  const needle = itemFilter.trim().toLocaleLowerCase(language);
  const items = menu.items.filter(
    (i) => needle === '' || `${i.name.ar} ${i.name.en}`.toLocaleLowerCase(language).includes(needle),
  );
  const categoryNames = new Map(menu.categories.map((c) => [c.id, c.name[language]]));
  const title = base ? t('manageMenu.groups.editTitle', { name: base.name[language] }) : t('manageMenu.groups.new');

  return (
    <div className="manage-menu__editor" data-testid="menu-group-editor">
      <PageHeader
        title={title}
        actions={
          <>
            {base && editable && (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => setConfirmDelete(true)}
                data-testid="menu-group-delete"
              >
                {t('manageMenu.groups.delete')}
              </button>
            )}
            <Link href="/modifier-groups" className="btn btn-ghost">
              {t('manageMenu.groups.back')}
            </Link>
          </>
        }
      />
      {!editable && (
        <p className="manage-menu__note" data-testid="menu-read-only">
          {t('manageMenu.readOnly')}
        </p>
      )}
      <fieldset className="manage-menu__form" disabled={!editable || save.busy}>
        <div className="manage-menu__columns">
          <FieldRow
            id="group-name-ar"
            label={t('manageMenu.groups.nameAr')}
            error={fieldError('nameAr', t('manageMenu.groups.required'))}
          >
            {(control) => (
              <input
                {...control}
                className="input"
                dir="rtl"
                lang="ar"
                value={draft.nameAr}
                onChange={(e) => change({ nameAr: e.target.value })}
                data-testid="menu-group-name-ar"
              />
            )}
          </FieldRow>
          <FieldRow
            id="group-name-en"
            label={t('manageMenu.groups.nameEn')}
            error={fieldError('nameEn', t('manageMenu.groups.required'))}
          >
            {(control) => (
              <input
                {...control}
                className="input"
                dir="ltr"
                lang="en"
                value={draft.nameEn}
                onChange={(e) => change({ nameEn: e.target.value })}
                data-testid="menu-group-name-en"
              />
            )}
          </FieldRow>
          <FieldRow
            id="group-min"
            label={t('manageMenu.groups.min')}
            hint={t('manageMenu.groups.minHint')}
            error={fieldError('min', t('manageMenu.groups.countInvalid'))}
          >
            {(control) => (
              <input
                {...control}
                className="input"
                inputMode="numeric"
                value={draft.min}
                onChange={(e) => change({ min: e.target.value })}
                data-testid="menu-group-min"
              />
            )}
          </FieldRow>
          <FieldRow
            id="group-max"
            label={t('manageMenu.groups.max')}
            error={
              fieldError('max', t('manageMenu.groups.maxInvalid')) ??
              fieldError('minOverMax', t('manageMenu.groups.minOverMax'))
            }
          >
            {(control) => (
              <input
                {...control}
                className="input"
                inputMode="numeric"
                value={draft.max}
                onChange={(e) => change({ max: e.target.value })}
                data-testid="menu-group-max"
              />
            )}
          </FieldRow>
        </div>
        <fieldset className="manage-menu__options">
          <legend>{t('manageMenu.groups.options')}</legend>
          {errors.has('noOptions') && (
            <p className="form-error" role="alert">
              {t('manageMenu.groups.noOptions')}
            </p>
          )}
          <table className="manage-menu__option-table">
            <thead>
              <tr>
                <th scope="col">{t('manageMenu.groups.optionNameAr')}</th>
                <th scope="col">{t('manageMenu.groups.optionNameEn')}</th>
                <th scope="col">{t('manageMenu.groups.optionPrice')}</th>
                <th scope="col">{t('manageMenu.groups.optionAvailable')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('manageMenu.columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {draft.options.map((option, index) => {
                const n = formatNumber(index + 1, language);
                const bad = (field: 'nameAr' | 'nameEn' | 'price') => errors.has(`option.${index}.${field}`);
                return (
                  <tr key={option.key} data-testid={`menu-group-option-${index}`}>
                    <td>
                      <input
                        className="input"
                        dir="rtl"
                        lang="ar"
                        aria-label={t('manageMenu.groups.optionNameArOf', { n })}
                        aria-invalid={bad('nameAr') || undefined}
                        value={option.nameAr}
                        onChange={(e) => changeOption(index, { nameAr: e.target.value })}
                        data-testid={`menu-group-option-name-ar-${index}`}
                      />
                    </td>
                    <td>
                      <input
                        className="input"
                        dir="ltr"
                        lang="en"
                        aria-label={t('manageMenu.groups.optionNameEnOf', { n })}
                        aria-invalid={bad('nameEn') || undefined}
                        value={option.nameEn}
                        onChange={(e) => changeOption(index, { nameEn: e.target.value })}
                        data-testid={`menu-group-option-name-en-${index}`}
                      />
                    </td>
                    <td>
                      <input
                        className="input manage-menu__money"
                        inputMode="decimal"
                        aria-label={t('manageMenu.groups.optionPriceOf', { n })}
                        aria-invalid={bad('price') || undefined}
                        value={option.price}
                        onChange={(e) => changeOption(index, { price: e.target.value })}
                        data-testid={`menu-group-option-price-${index}`}
                      />
                      {bad('price') && <span className="form-error">{t('manageMenu.item.priceInvalid')}</span>}
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        className="manage-menu__check"
                        aria-label={t('manageMenu.groups.optionAvailableOf', { n })}
                        checked={option.available}
                        onChange={(e) => changeOption(index, { available: e.target.checked })}
                      />
                    </td>
                    <td>
                      <button
                        type="button"
                        className="btn btn-ghost"
                        disabled={draft.options.length === 1}
                        onClick={() => change({ options: draft.options.filter((_, i) => i !== index) })}
                      >
                        {t('manageMenu.groups.removeOption')}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {(errors.has('noOptions') || [...errors].some((e) => e.startsWith('option.') && !e.endsWith('price'))) && (
            <p className="form-error">{t('manageMenu.groups.optionNamesRequired')}</p>
          )}
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => change({ options: [...draft.options, newOption()] })}
            data-testid="menu-group-add-option"
          >
            {t('manageMenu.groups.addOption')}
          </button>
        </fieldset>
        <fieldset className="manage-menu__options" data-testid="menu-group-items">
          <legend>
            {t('manageMenu.groups.onItems')} ·{' '}
            {t('manageMenu.selected', { count: formatNumber(draft.itemIds.length, language) })}
          </legend>
          <input
            type="search"
            className="input manage-menu__item-filter"
            aria-label={t('manageMenu.search')}
            placeholder={t('manageMenu.search')}
            value={itemFilter}
            onChange={(e) => setItemFilter(e.target.value)}
            data-testid="menu-group-item-filter"
          />
          <div className="manage-menu__item-picks">
            {items.map((item) => (
              <label key={item.id} className="manage-menu__check-label">
                <input
                  type="checkbox"
                  checked={draft.itemIds.includes(item.id)}
                  onChange={(e) =>
                    change({
                      itemIds: e.target.checked
                        ? [...draft.itemIds, item.id]
                        : draft.itemIds.filter((x) => x !== item.id),
                    })
                  }
                  data-testid={`menu-group-item-${item.slug}`}
                />
                <span>
                  {item.name[language]}
                  <span className="manage-menu__hint"> · {categoryNames.get(item.categoryId)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      </fieldset>
      {conflicted.length > 0 && (
        <div className="form-alert" role="alert" data-testid="menu-group-item-conflicts">
          <p>{t('manageMenu.conflictItems')}</p>
          <ul>
            {conflicted.map((c) => (
              <li key={c.id}>{c.name[language]}</li>
            ))}
          </ul>
        </div>
      )}
      {editable && (
        <SaveBar
          state={state}
          onSave={() => void onSave()}
          onDiscard={() => {
            setTried(false);
            setDraft(groupDraftOf(base, attachedBefore));
          }}
          error={conflicted.length > 0 ? null : saveError}
          conflict={
            theirs && (
              <p data-testid="menu-group-conflict">
                {t('manageMenu.groups.conflictTheirs', {
                  name: theirs.name[language],
                  min: formatNumber(theirs.min, language),
                  max: formatNumber(theirs.max, language),
                  options: formatNumber(theirs.options.length, language),
                })}
              </p>
            )
          }
          onReload={() => {
            if (!theirs) return;
            setBase(theirs);
            setDraft(groupDraftOf(theirs, attachedTo(menu, theirs.id)));
            setTheirs(null);
            save.reset();
          }}
        />
      )}
      {confirmDelete && base && (
        <ConfirmDialog
          title={t('manageMenu.groups.deleteTitle', { name: base.name[language] })}
          confirmLabel={t('manageMenu.groups.delete')}
          danger
          busy={remove.busy}
          error={remove.error instanceof ApiError ? remove.error.message : null}
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() =>
            void remove.mutate(base.id).then(() => {
              void showToast(t('manageMenu.groups.deleted'));
              navigate('/modifier-groups', { replace: true });
            })
          }
        >
          <p>{t('manageMenu.groups.deleteBody', { count: formatNumber(attachedBefore.length, language) })}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
