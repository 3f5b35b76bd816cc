import type { StaffPunchProgramme } from '@sufra/shared/schemas/punch-cards';
import type { StaffUser } from '@sufra/shared/schemas/staff';
import { useState } from 'react';
import { ArchiveFilter, type ArchiveView } from '../../../components/ui/archive-filter';
import { ApiError, errorText } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { SectionTitle } from '../../console/ui/page-header';
import { duplicatePunchProgramme, getPunchProgrammes, setPunchProgrammeArchived } from '../api/punch-programmes';
import { ProgrammeForm } from '../components/programme-form';
import { ProgrammeList } from '../components/programme-list';
import '../../../components/ui/form.css';
import './punch-programmes.css';

type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'edit'; programme: StaffPunchProgramme };

/**
 * `/staff/punch-cards` (managers and owners): the brand's punch card programmes with how many cards are in progress
 * and completed, and a simple form to create or edit one. A cashier is told it is not theirs.
 */
export default function PunchProgrammesSection({ user, titleLevel }: { user: StaffUser; titleLevel?: 1 | 2 }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const manages = user.role === 'owner' || user.role === 'manager';
  const query = useApiQuery(
    manages ? ['staff', 'punch-programmes', language] : null,
    () => getPunchProgrammes(language),
    {
      staleMs: 0,
    },
  );
  const data = query.data ?? null;
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const load = query.refetch;
  const [view, setView] = useState<ArchiveView>('current');
  // Archive/restore and duplicate (issue 27 item 7): the list reloads; a copy opens in the editor at once.
  const archiving = useApiMutation(
    ({ programme, archive }: { programme: StaffPunchProgramme; archive: boolean }) =>
      setPunchProgrammeArchived(programme, archive, language),
    { invalidates: [['staff', 'punch-programmes']] },
  );
  const duplicating = useApiMutation(
    (programme: StaffPunchProgramme) => duplicatePunchProgramme(programme.id, language),
    {
      invalidates: [['staff', 'punch-programmes']],
    },
  );
  const error = (query.error && !query.loading ? query.error : null) ?? archiving.error ?? duplicating.error ?? null;
  const busyId = archiving.busy
    ? (archiving.variables?.programme.id ?? null)
    : duplicating.busy
      ? (duplicating.variables?.id ?? null)
      : null;
  const shown = data?.programmes.filter((p) => (p.archivedAt !== null) === (view === 'archived')) ?? [];
  const archivedCount = data?.programmes.filter((p) => p.archivedAt !== null).length ?? 0;

  if (!manages) {
    return (
      <p className="banner" role="status">
        {t('staff.punch.managersOnly')}
      </p>
    );
  }
  const rewardName = (id: number) => data?.rewards.find((r) => r.id === id)?.name[language] ?? '';
  return (
    <section
      className="section punch-programmes"
      aria-labelledby="punch-programmes-heading"
      data-testid="punch-programmes"
    >
      <div className="punch-programmes__bar">
        <SectionTitle id="punch-programmes-heading" level={titleLevel}>
          {t('staff.punch.title')}
        </SectionTitle>
        {data && editing.kind === 'none' && (
          <button type="button" className="btn btn-primary" onClick={() => setEditing({ kind: 'new' })}>
            {t('staff.punch.new')}
          </button>
        )}
      </div>
      {error !== null && (
        <div className="banner banner--error" role="alert">
          <span>{error instanceof ApiError ? error.message : errorText(error, language)}</span>
          <button type="button" className="btn btn-small" onClick={load}>
            {t('app.retry')}
          </button>
        </div>
      )}
      {data && editing.kind !== 'none' && (
        <ProgrammeForm
          key={editing.kind === 'edit' ? editing.programme.id : 'new'}
          choices={data}
          editing={editing.kind === 'edit' ? editing.programme : null}
          onSaved={() => {
            setEditing({ kind: 'none' });
            load();
          }}
          onCancel={() => setEditing({ kind: 'none' })}
        />
      )}
      {data && <ArchiveFilter view={view} onChange={setView} archivedCount={archivedCount} />}
      {data && shown.length === 0 && editing.kind === 'none' && (
        <p>{view === 'archived' ? t('staffArchive.noneArchived') : t('staff.punch.none')}</p>
      )}
      {data && shown.length > 0 && (
        <ProgrammeList
          programmes={shown}
          rewardName={rewardName}
          busyId={busyId}
          onEdit={(programme) => setEditing({ kind: 'edit', programme })}
          onArchive={(programme, archive) => {
            archiving.mutate({ programme, archive }).then(
              () => setEditing({ kind: 'none' }),
              () => undefined,
            );
          }}
          onDuplicate={(programme) => {
            duplicating.mutate(programme).then(
              (copy) => {
                setView('current');
                setEditing({ kind: 'edit', programme: copy });
              },
              () => undefined,
            );
          }}
        />
      )}
    </section>
  );
}
