import type { StaffPunchProgramme } from '@sufra/shared/schemas/punch-cards';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';

interface Props {
  programmes: StaffPunchProgramme[];
  /** The reward's name in the interface language, by its id ('' while unknown). */
  rewardName: (id: number) => string;
  onEdit: (programme: StaffPunchProgramme) => void;
  /** Archive (a current programme) or restore (an archived one), at the version read. */
  onArchive: (programme: StaffPunchProgramme, archive: boolean) => void;
  onDuplicate: (programme: StaffPunchProgramme) => void;
  /** The programme whose write is on its way (its buttons are disabled meanwhile). */
  busyId: number | null;
}

/** The brand's programmes: name, rule, cards in progress and completed, whether it is off, and its edit button. */
export function ProgrammeList({ programmes, rewardName, onEdit, onArchive, onDuplicate, busyId }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ul className="punch-programmes__list">
      {programmes.map((p) => (
        <li key={p.id} className="card punch-programmes__item" data-testid="punch-programme">
          <div>
            <h3>{p.name[language]}</h3>
            <p>
              {t('staff.punch.rule', {
                count: p.itemsCount,
                days: p.daysToComplete,
                reward: rewardName(p.rewardId),
              })}
            </p>
            <p className="punch-programmes__counts">
              {t('staff.punch.counts', { active: p.activeCards, completed: p.completedCards })}
              {!p.isActive && p.archivedAt === null && <span className="badge"> {t('staff.punch.inactive')}</span>}
            </p>
          </div>
          <div className="punch-programmes__actions">
            {p.archivedAt === null && (
              <button
                type="button"
                className="btn btn-secondary"
                disabled={busyId === p.id}
                onClick={() => onEdit(p)}
                aria-label={t('staff.punch.editNamed', { name: p.name[language] })}
              >
                {t('staff.punch.edit')}
              </button>
            )}
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busyId === p.id}
              onClick={() => onDuplicate(p)}
              aria-label={t('staffArchive.duplicateNamed', { name: p.name[language] })}
            >
              {t('staffArchive.duplicate')}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busyId === p.id}
              onClick={() => onArchive(p, p.archivedAt === null)}
              aria-label={t(p.archivedAt === null ? 'staffArchive.archiveNamed' : 'staffArchive.restoreNamed', {
                name: p.name[language],
              })}
            >
              {p.archivedAt === null ? t('staffArchive.archive') : t('staffArchive.restore')}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
