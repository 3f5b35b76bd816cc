import type { OrderType } from '@sufra/shared/order-types';
import type { Branch } from '@sufra/shared/schemas/branch';
import { LoadError } from '../../../components/ui/load-state';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useBranchChoice } from '../hooks/use-branch-choice';
import { BranchStatus } from './branch-status';
import '../../../components/ui/option-card.css';

interface OptionsProps {
  uuid: string;
  list: Branch[];
  chosenId: number | undefined;
  onPick: (branch: Branch) => void;
}

/** One radio a branch, with its address and whether it is open; a closed branch shows but cannot be chosen. */
function BranchOptions({ uuid, list, chosenId, onPick }: OptionsProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <fieldset className="option-list">
      <legend className="visually-hidden">{t('ordering.branchTitle')}</legend>
      {list.map((branch) => {
        const closed = branch.status !== 'open';
        return (
          <label
            key={branch.id}
            className={`option-card${closed ? ' option-card--disabled' : ''}`}
            data-testid="branch-option"
            data-branch-id={branch.id}
          >
            <input
              type="radio"
              name={`branch-${uuid}`}
              value={branch.id}
              checked={chosenId === branch.id}
              disabled={closed}
              aria-describedby={`branch-${branch.id}-status`}
              onChange={() => onPick(branch)}
            />
            <span className="option-card__body">
              <span className="option-card__title">{branch.name[language]}</span>
              <span className="option-card__hint">{branch.address[language]}</span>
              <BranchStatus branch={branch} id={`branch-${branch.id}-status`} />
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

export function BranchChoice({
  uuid,
  brandId,
  type,
  onChosen,
}: {
  uuid: string;
  brandId: number | undefined;
  type: OrderType;
  onChosen: () => void;
}) {
  const { t } = useTranslation();
  const { branches, list, chosen, pick } = useBranchChoice(brandId, type, onChosen);

  return (
    <section className="section" aria-labelledby="branch-heading" data-testid="branch-choice">
      <h2 id="branch-heading">{t('ordering.branchTitle')}</h2>
      {branches.error != null && !list ? (
        <LoadError error={branches.error} onRetry={branches.refetch} />
      ) : !list ? (
        <p role="status">{t('ordering.branchesLoading')}</p>
      ) : list.length === 0 ? (
        <p>{t('ordering.noBranches')}</p>
      ) : (
        <BranchOptions uuid={uuid} list={list} chosenId={chosen?.id} onPick={pick} />
      )}
    </section>
  );
}
