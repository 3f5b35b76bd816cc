import { MENU_ALLERGEN_CODES, MENU_ALLERGENS } from '@sufra/shared/menu/menu-allergens';
import { formatSar } from '@sufra/shared/money';
import type { AdminItem, AdminMenuResponse, ItemUpdateBody } from '@sufra/shared/schemas/menu-admin';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { LoadError, LoadingBlock } from '../../../components/ui/load-state';
import { ApiError } from '../../../lib/api-client';
import { parseSarInput } from '../../../lib/sar-input';
import { showToast } from '../../../lib/toast';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useUnsavedChanges } from '../../console/hooks/use-unsaved-changes';
import { FieldRow } from '../../console/ui/field-row';
import { PageHeader } from '../../console/ui/page-header';
import { SaveBar, type SaveState } from '../../console/ui/save-bar';
import {
  adminItemKey,
  createItem,
  getAdminItem,
  getAdminMenu,
  menuAdminKey,
  menuAdminPrefix,
  saveItem,
  uploadItemPhoto,
} from '../api/menu-admin';
import { type SlotDraft, slotDraftErrors, slotDraftsOf, slotsBodyOf } from '../combo-slots-draft';
import { ComboSlotsEditor } from '../components/combo-slots-editor';

/** The form's fields as typed (money as SAR text), from an item as the API gives it. */
interface Draft {
  nameAr: string;
  nameEn: string;
  descriptionAr: string;
  descriptionEn: string;
  categoryId: number;
  price: string;
  tax: string;
  calories: string;
  allergens: string[];
  active: boolean;
  modifierGroupIds: number[];
  slots: SlotDraft[];
}

function draftOf(item: AdminItem): Draft {
  return {
    nameAr: item.name.ar,
    nameEn: item.name.en,
    descriptionAr: item.description.ar,
    descriptionEn: item.description.en,
    categoryId: item.categoryId,
    price: (item.priceHalalas / 100).toFixed(2),
    tax: item.taxRateBasisPoints === null ? '' : String(item.taxRateBasisPoints / 100),
    calories: item.calories === null ? '' : String(item.calories),
    allergens: item.allergens,
    active: item.active,
    modifierGroupIds: item.modifierGroupIds,
    slots: slotDraftsOf(item),
  };
}

/** A new item's starting point (id 0: not saved yet), in the first category. */
function blankItem(menu: AdminMenuResponse): AdminItem {
  return {
    id: 0,
    categoryId: menu.categories[0]?.id ?? 0,
    slug: '',
    name: { ar: '', en: '' },
    description: { ar: '', en: '' },
    priceHalalas: 0,
    taxRateBasisPoints: null,
    calories: null,
    allergens: [],
    image: null,
    imageColor: null,
    active: true,
    isCombo: false,
    modifierGroupIds: [],
    comboSlots: [],
    branches: [],
    version: 1,
  };
}

export function ItemEditor({ id }: { id: number | null }) {
  const language = useLanguage();
  const item = useApiQuery(
    adminItemKey(id ?? 0, language),
    () => (id === null ? Promise.resolve(null) : getAdminItem(id, language)),
    { staleMs: 0 },
  );
  const menu = useApiQuery(menuAdminKey(language), () => getAdminMenu(language));
  const error = item.error ?? menu.error;
  if (error && (item.data === undefined || !menu.data))
    return (
      <LoadError
        error={error}
        onRetry={() => {
          item.refetch();
          menu.refetch();
        }}
      />
    );
  if (item.data === undefined || !menu.data) return <LoadingBlock />;
  const shown = item.data ?? blankItem(menu.data);
  return <ItemForm key={shown.id} item={shown} menu={menu.data} />;
}

function ItemForm({ item, menu }: { item: AdminItem; menu: AdminMenuResponse }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [base, setBase] = useState(item);
  const [draft, setDraft] = useState(() => draftOf(item));
  const [saved, setSaved] = useState(false);
  const [theirs, setTheirs] = useState<AdminItem | null>(null);
  const [, navigate] = useLocation();
  const [tried, setTried] = useState(false);
  const creating = base.id === 0;
  const slotErrors = new Set(tried ? slotDraftErrors(draft.slots) : []);
  const products = menu.items.filter((i) => !i.isCombo && i.id !== base.id);
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftOf(base));
  useUnsavedChanges(dirty);
  const price = parseSarInput(draft.price);
  const tax = draft.tax.trim() === '' ? null : Math.round(Number(draft.tax) * 100);
  const calories = draft.calories.trim() === '' ? null : Number(draft.calories);
  const editable = menu.canEditMenu;

  const save = useApiMutation(
    (body: ItemUpdateBody) => {
      if (!creating) return saveItem(item.id, body, language);
      const { version: _, ...fresh } = body;
      return createItem(fresh, language);
    },
    {
      invalidates: [menuAdminPrefix],
    },
  );
  const photo = useApiMutation((file: File) => uploadItemPhoto(item.id, file, language), {
    invalidates: [menuAdminPrefix],
  });

  const state: SaveState = theirs ? 'conflict' : save.busy ? 'saving' : dirty ? 'dirty' : saved ? 'saved' : 'clean';
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setSaved(false);
    setDraft((d) => ({ ...d, [key]: value }));
  };

  const onSave = async () => {
    setTried(true);
    if (price === null || slotDraftErrors(draft.slots).length > 0) return;
    try {
      const result = await save.mutate({
        categoryId: draft.categoryId,
        name: { ar: draft.nameAr, en: draft.nameEn },
        description: { ar: draft.descriptionAr, en: draft.descriptionEn },
        priceHalalas: price,
        taxRateBasisPoints: tax !== null && Number.isFinite(tax) ? tax : null,
        calories: calories !== null && Number.isFinite(calories) ? calories : null,
        allergens: draft.allergens as ItemUpdateBody['allergens'],
        active: draft.active,
        modifierGroupIds: draft.modifierGroupIds,
        comboSlots: slotsBodyOf(draft.slots),
        version: base.version,
      });
      if (creating) {
        navigate(`/items/${result.id}`, { replace: true });
        return;
      }
      setBase(result);
      setDraft(draftOf(result));
      setSaved(true);
    } catch (error) {
      const current = error instanceof ApiError && error.status === 409 ? error.details?.current : undefined;
      if (current) setTheirs(current as AdminItem);
    }
  };

  const saveError = save.error && !(save.error instanceof ApiError && save.error.status === 409) ? save.error : null;
  const fieldError = (field: string) => (save.error instanceof ApiError ? (save.error.fields?.[field] ?? null) : null);

  return (
    <div className="manage-menu__editor" data-testid="menu-item-editor">
      <PageHeader
        title={creating ? t('manageMenu.item.new') : t('manageMenu.item.title', { name: base.name[language] })}
        actions={
          <Link href="/" className="btn btn-ghost">
            {t('manageMenu.item.back')}
          </Link>
        }
      />
      {!editable && (
        <p className="manage-menu__note" data-testid="menu-read-only">
          {t('manageMenu.readOnly')}
        </p>
      )}
      <fieldset className="manage-menu__form" disabled={!editable || save.busy}>
        <div className="manage-menu__columns">
          <FieldRow id="item-name-ar" label={t('manageMenu.item.nameAr')} error={fieldError('name.ar')}>
            {(control) => (
              <input
                {...control}
                className="input"
                dir="rtl"
                lang="ar"
                value={draft.nameAr}
                onChange={(e) => set('nameAr', e.target.value)}
                data-testid="menu-item-name-ar"
              />
            )}
          </FieldRow>
          <FieldRow id="item-name-en" label={t('manageMenu.item.nameEn')} error={fieldError('name.en')}>
            {(control) => (
              <input
                {...control}
                className="input"
                dir="ltr"
                lang="en"
                value={draft.nameEn}
                onChange={(e) => set('nameEn', e.target.value)}
                data-testid="menu-item-name-en"
              />
            )}
          </FieldRow>
          <FieldRow id="item-description-ar" label={t('manageMenu.item.descriptionAr')} optional>
            {(control) => (
              <textarea
                {...control}
                className="input"
                dir="rtl"
                lang="ar"
                rows={2}
                value={draft.descriptionAr}
                onChange={(e) => set('descriptionAr', e.target.value)}
              />
            )}
          </FieldRow>
          <FieldRow id="item-description-en" label={t('manageMenu.item.descriptionEn')} optional>
            {(control) => (
              <textarea
                {...control}
                className="input"
                dir="ltr"
                lang="en"
                rows={2}
                value={draft.descriptionEn}
                onChange={(e) => set('descriptionEn', e.target.value)}
              />
            )}
          </FieldRow>
          <FieldRow id="item-category" label={t('manageMenu.category')} error={fieldError('categoryId')}>
            {(control) => (
              <select
                {...control}
                className="input"
                value={draft.categoryId}
                onChange={(e) => set('categoryId', Number(e.target.value))}
              >
                {menu.categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name[language]}
                  </option>
                ))}
              </select>
            )}
          </FieldRow>
          <FieldRow
            id="item-price"
            label={t('manageMenu.item.price')}
            error={price === null ? t('manageMenu.item.priceInvalid') : fieldError('priceHalalas')}
          >
            {(control) => (
              <input
                {...control}
                className="input"
                inputMode="decimal"
                value={draft.price}
                onChange={(e) => set('price', e.target.value)}
                data-testid="menu-item-price"
              />
            )}
          </FieldRow>
          <FieldRow id="item-tax" label={t('manageMenu.item.tax')} hint={t('manageMenu.item.taxHint')} optional>
            {(control) => (
              <input
                {...control}
                className="input"
                inputMode="decimal"
                value={draft.tax}
                onChange={(e) => set('tax', e.target.value)}
              />
            )}
          </FieldRow>
          <FieldRow id="item-calories" label={t('manageMenu.item.calories')} optional>
            {(control) => (
              <input
                {...control}
                className="input"
                inputMode="numeric"
                value={draft.calories}
                onChange={(e) => set('calories', e.target.value)}
              />
            )}
          </FieldRow>
        </div>
        <fieldset className="manage-menu__checks">
          <legend>{t('manageMenu.item.allergens')}</legend>
          {MENU_ALLERGEN_CODES.map((code) => (
            <label key={code} className="manage-menu__check-label">
              <input
                type="checkbox"
                checked={draft.allergens.includes(code)}
                onChange={(e) =>
                  set(
                    'allergens',
                    e.target.checked ? [...draft.allergens, code] : draft.allergens.filter((a) => a !== code),
                  )
                }
              />
              {MENU_ALLERGENS[code][language]}
            </label>
          ))}
        </fieldset>
        {menu.modifierGroups.length > 0 && (
          <fieldset className="manage-menu__checks">
            <legend>{t('manageMenu.item.modifierGroups')}</legend>
            {menu.modifierGroups.map((g) => (
              <label key={g.id} className="manage-menu__check-label">
                <input
                  type="checkbox"
                  checked={draft.modifierGroupIds.includes(g.id)}
                  onChange={(e) =>
                    set(
                      'modifierGroupIds',
                      e.target.checked
                        ? [...draft.modifierGroupIds, g.id]
                        : draft.modifierGroupIds.filter((x) => x !== g.id),
                    )
                  }
                />
                {g.name[language]}
              </label>
            ))}
          </fieldset>
        )}
        <ComboSlotsEditor
          slots={draft.slots}
          products={products}
          errors={slotErrors}
          onChange={(slots) => set('slots', slots)}
        />
        <label className="manage-menu__check-label">
          <input type="checkbox" checked={draft.active} onChange={(e) => set('active', e.target.checked)} />
          {t('manageMenu.item.active')}
        </label>
      </fieldset>
      {editable && !creating && (
        <div className="manage-menu__photo">
          <span
            className="manage-menu__photo-preview"
            aria-hidden="true"
            style={{
              background: base.imageColor ?? undefined,
              backgroundImage: base.image ? `url(${base.image})` : undefined,
            }}
          />
          <label className="btn btn-secondary" aria-disabled={photo.busy || undefined}>
            {t('manageMenu.item.photoUpload')}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="visually-hidden"
              disabled={photo.busy || dirty}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (!file) return;
                void photo.mutate(file).then(
                  (result) => {
                    setBase(result);
                    setDraft(draftOf(result));
                    void showToast(t('manageMenu.item.photoDone'));
                  },
                  (error: unknown) => showToast(error instanceof ApiError ? error.message : String(error), 'error'),
                );
              }}
              data-testid="menu-item-photo"
            />
          </label>
          <span className="manage-menu__hint">{t('manageMenu.item.photoHint')}</span>
        </div>
      )}
      {editable && (
        <SaveBar
          state={state}
          onSave={() => void onSave()}
          onDiscard={() => setDraft(draftOf(base))}
          error={saveError instanceof ApiError ? saveError.message : saveError ? String(saveError) : null}
          conflict={
            theirs && (
              <p data-testid="menu-item-conflict">
                {t('manageMenu.item.conflictTheirs', {
                  name: theirs.name[language],
                  price: formatSar(theirs.priceHalalas, language),
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
      )}
    </div>
  );
}
