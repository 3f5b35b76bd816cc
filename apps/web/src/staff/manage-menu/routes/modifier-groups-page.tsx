import { formatSar } from '@sufra/shared/money';
import type { AdminMenuResponse, AdminModifierGroup } from '@sufra/shared/schemas/menu-admin';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { LoadError, LoadingBlock } from '../../../components/ui/load-state';
import { formatNumber } from '../../../lib/format-number';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { type Column, DataTable } from '../../console/ui/data-table';
import { PageHeader } from '../../console/ui/page-header';
import { getAdminMenu, menuAdminKey } from '../api/menu-admin';
import { GroupForm } from '../components/modifier-group-form';

function useMenu() {
  const language = useLanguage();
  return useApiQuery(menuAdminKey(language), () => getAdminMenu(language), { staleMs: 0 });
}

/** `/modifier-groups`: the brand's choice groups (min–max, options, the items they are on). */
export function ModifierGroupsPage() {
  const query = useMenu();
  if (query.error && !query.data) return <LoadError error={query.error} onRetry={query.refetch} />;
  if (!query.data) return <LoadingBlock />;
  return <GroupsTable menu={query.data} />;
}

function GroupsTable({ menu }: { menu: AdminMenuResponse }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const uses = useMemo(() => {
    const count = new Map<number, number>();
    for (const item of menu.items) for (const g of item.modifierGroupIds) count.set(g, (count.get(g) ?? 0) + 1);
    return count;
  }, [menu.items]);
  const columns: Column<AdminModifierGroup>[] = [
    {
      id: 'name',
      header: t('manageMenu.groups.columns.name'),
      sortValue: (g) => g.name[language],
      cell: (g) => (
        <Link href={`/modifier-groups/${g.id}`} className="manage-menu__row-link" data-testid={`menu-group-${g.id}`}>
          {g.name[language]}
        </Link>
      ),
    },
    {
      id: 'choices',
      header: t('manageMenu.groups.columns.choices'),
      cell: (g) =>
        t('manageMenu.groups.range', { min: formatNumber(g.min, language), max: formatNumber(g.max, language) }),
    },
    {
      id: 'options',
      header: t('manageMenu.groups.columns.options'),
      cell: (g) =>
        g.options
          .map((o) =>
            o.priceHalalas > 0 ? `${o.name[language]} (+${formatSar(o.priceHalalas, language)})` : o.name[language],
          )
          .join(language === 'ar' ? '، ' : ', '),
    },
    {
      id: 'items',
      header: t('manageMenu.groups.columns.items'),
      numeric: true,
      sortValue: (g) => uses.get(g.id) ?? 0,
      cell: (g) => formatNumber(uses.get(g.id) ?? 0, language),
    },
  ];
  return (
    <>
      <PageHeader
        title={t('manageMenu.groups.title')}
        lead={t('manageMenu.groups.lead')}
        actions={
          menu.canEditMenu && (
            <Link href="/modifier-groups/new" className="btn btn-primary" data-testid="menu-group-new">
              {t('manageMenu.groups.new')}
            </Link>
          )
        }
      />
      <DataTable
        label={t('manageMenu.groups.title')}
        columns={columns}
        rows={menu.modifierGroups}
        rowKey={(g) => g.id}
        filterText={(g) => `${g.name.ar} ${g.name.en} ${g.options.map((o) => `${o.name.ar} ${o.name.en}`).join(' ')}`}
        emptyText={t('manageMenu.groups.empty')}
        testId="menu-groups"
      />
    </>
  );
}

/** `/modifier-groups/new` and `/modifier-groups/:id`: the group's editor. */
export function ModifierGroupEditor({ id }: { id: number | null }) {
  const query = useMenu();
  const { t } = useTranslation();
  if (query.error && !query.data) return <LoadError error={query.error} onRetry={query.refetch} />;
  if (!query.data) return <LoadingBlock />;
  const group = id === null ? null : (query.data.modifierGroups.find((g) => g.id === id) ?? null);
  if (id !== null && !group) return <p className="manage-menu__note">{t('manageMenu.groups.gone')}</p>;
  return <GroupForm key={id ?? 'new'} group={group} menu={query.data} />;
}
