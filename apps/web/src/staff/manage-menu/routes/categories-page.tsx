import { clockToMinute, minuteToClock } from '@sufra/shared/menu/menu-windows';
import type { AdminCategory } from '@sufra/shared/schemas/menu-admin';
import { useState } from 'react';
import { LoadError, LoadingBlock } from '../../../components/ui/load-state';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { showToast } from '../../../lib/toast';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { FieldRow } from '../../console/ui/field-row';
import { PageHeader } from '../../console/ui/page-header';
import {
  createCategory,
  getAdminMenu,
  menuAdminKey,
  menuAdminPrefix,
  orderCategories,
  saveCategory,
} from '../api/menu-admin';

const message = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/** Moves the entry at `from` to `to` (a copy). */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [entry] = next.splice(from, 1);
  if (entry !== undefined) next.splice(to, 0, entry);
  return next;
}

export function CategoriesPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useApiQuery(menuAdminKey(language), () => getAdminMenu(language), { staleMs: 0 });
  const reorder = useApiMutation((ids: number[]) => orderCategories(ids, language), { invalidates: [menuAdminPrefix] });
  const [dragging, setDragging] = useState<number | null>(null);
  const [editing, setEditing] = useState<AdminCategory | 'new' | null>(null);
  if (query.error && !query.data) return <LoadError error={query.error} onRetry={query.refetch} />;
  if (!query.data) return <LoadingBlock />;
  const { categories, canEditMenu } = query.data;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= categories.length || from === to) return;
    void reorder
      .mutate(moved(categories, from, to).map((c) => c.id))
      .catch((error: unknown) => showToast(message(error), 'error'));
  };
  const windowText = (c: AdminCategory) =>
    c.visibleFromMinute === null || c.visibleUntilMinute === null
      ? t('manageMenu.categories.always')
      : t('manageMenu.categories.window', {
          from: minuteToClock(c.visibleFromMinute),
          until: minuteToClock(c.visibleUntilMinute),
        });

  return (
    <>
      <PageHeader
        title={t('manageMenu.categories.title')}
        lead={t('manageMenu.categories.lead')}
        actions={
          canEditMenu && (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => setEditing('new')}
              data-testid="menu-category-new"
            >
              {t('manageMenu.categories.new')}
            </button>
          )
        }
      />
      {editing && (
        <CategoryForm
          key={editing === 'new' ? 'new' : editing.id}
          category={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <ol className="manage-menu__categories" data-testid="menu-categories" aria-busy={reorder.busy || undefined}>
        {categories.map((c, index) => (
          <li
            key={c.id}
            className={`manage-menu__category${dragging === index ? ' manage-menu__category--dragging' : ''}`}
            draggable={canEditMenu && !reorder.busy}
            onDragStart={(event) => {
              setDragging(index);
              event.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              if (dragging !== null) move(dragging, index);
              setDragging(null);
            }}
            onDragEnd={() => setDragging(null)}
            data-testid={`menu-category-${c.id}`}
          >
            <span className="manage-menu__grip" aria-hidden="true">
              ⋮⋮
            </span>
            <span className="manage-menu__category-name">{c.name[language]}</span>
            <span className="manage-menu__category-meta">
              {t('manageMenu.categories.items', { count: formatNumber(c.itemCount, language) })} · {windowText(c)}
            </span>
            {canEditMenu && (
              <span className="manage-menu__category-actions">
                <button
                  type="button"
                  className="btn btn-ghost"
                  aria-label={t('manageMenu.categories.moveUp', { name: c.name[language] })}
                  disabled={index === 0 || reorder.busy}
                  onClick={() => move(index, index - 1)}
                  data-testid={`menu-category-up-${c.id}`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="btn btn-ghost"
                  aria-label={t('manageMenu.categories.moveDown', { name: c.name[language] })}
                  disabled={index === categories.length - 1 || reorder.busy}
                  onClick={() => move(index, index + 1)}
                  data-testid={`menu-category-down-${c.id}`}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="btn btn-secondary"
                  aria-label={t('manageMenu.categories.edit', { name: c.name[language] })}
                  onClick={() => setEditing(c)}
                >
                  {t('manageMenu.edit')}
                </button>
              </span>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}

function CategoryForm({ category, onDone }: { category: AdminCategory | null; onDone: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [nameAr, setNameAr] = useState(category?.name.ar ?? '');
  const [nameEn, setNameEn] = useState(category?.name.en ?? '');
  const [descriptionAr, setDescriptionAr] = useState(category?.description.ar ?? '');
  const [descriptionEn, setDescriptionEn] = useState(category?.description.en ?? '');
  const [from, setFrom] = useState(
    category?.visibleFromMinute == null ? '' : minuteToClock(category.visibleFromMinute),
  );
  const [until, setUntil] = useState(
    category?.visibleUntilMinute == null ? '' : minuteToClock(category.visibleUntilMinute),
  );
  const save = useApiMutation(
    () => {
      const body = {
        name: { ar: nameAr, en: nameEn },
        description: { ar: descriptionAr, en: descriptionEn },
        visibleFromMinute: from === '' ? null : clockToMinute(from),
        visibleUntilMinute: until === '' ? null : clockToMinute(until),
      };
      return category
        ? saveCategory(category.id, { ...body, version: category.version }, language)
        : createCategory(body, language);
    },
    { invalidates: [menuAdminPrefix] },
  );
  const fields = save.error instanceof ApiError ? save.error.fields : undefined;
  return (
    <form
      className="manage-menu__category-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save.mutate().then(
          () => {
            void showToast(t('manageMenu.saved'));
            onDone();
          },
          () => {},
        );
      }}
      data-testid="menu-category-form"
    >
      <fieldset disabled={save.busy} className="manage-menu__columns">
        <FieldRow id="category-name-ar" label={t('manageMenu.categories.nameAr')} error={fields?.['name.ar']}>
          {(control) => (
            <input
              {...control}
              className="input"
              dir="rtl"
              lang="ar"
              value={nameAr}
              onChange={(e) => setNameAr(e.target.value)}
            />
          )}
        </FieldRow>
        <FieldRow id="category-name-en" label={t('manageMenu.categories.nameEn')} error={fields?.['name.en']}>
          {(control) => (
            <input
              {...control}
              className="input"
              dir="ltr"
              lang="en"
              value={nameEn}
              onChange={(e) => setNameEn(e.target.value)}
            />
          )}
        </FieldRow>
        <FieldRow id="category-description-ar" label={t('manageMenu.categories.descriptionAr')} optional>
          {(control) => (
            <input
              {...control}
              className="input"
              dir="rtl"
              lang="ar"
              value={descriptionAr}
              onChange={(e) => setDescriptionAr(e.target.value)}
            />
          )}
        </FieldRow>
        <FieldRow id="category-description-en" label={t('manageMenu.categories.descriptionEn')} optional>
          {(control) => (
            <input
              {...control}
              className="input"
              dir="ltr"
              lang="en"
              value={descriptionEn}
              onChange={(e) => setDescriptionEn(e.target.value)}
            />
          )}
        </FieldRow>
        <FieldRow
          id="category-from"
          label={t('manageMenu.categories.from')}
          hint={t('manageMenu.categories.windowHint')}
          optional
          error={fields?.visibleUntilMinute}
        >
          {(control) => (
            <input {...control} className="input" type="time" value={from} onChange={(e) => setFrom(e.target.value)} />
          )}
        </FieldRow>
        <FieldRow id="category-until" label={t('manageMenu.categories.until')} optional>
          {(control) => (
            <input
              {...control}
              className="input"
              type="time"
              value={until}
              onChange={(e) => setUntil(e.target.value)}
            />
          )}
        </FieldRow>
      </fieldset>
      {save.error !== undefined && !fields && (
        <p className="form-alert" role="alert">
          {message(save.error)}
        </p>
      )}
      <div className="manage-menu__form-actions">
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {t('manageMenu.categories.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={save.busy} data-testid="menu-category-save">
          {category ? t('manageMenu.categories.save') : t('manageMenu.categories.create')}
        </button>
      </div>
    </form>
  );
}
