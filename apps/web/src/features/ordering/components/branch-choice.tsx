import { ORDER_TYPES, type OrderType } from '@sufra/shared/order-types';
import type { Branch } from '@sufra/shared/schemas/branch';
import { useEffect, useMemo } from 'react';
import { errorText } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import {
  setAddress,
  setAddressId,
  setBranch,
  setDeliveryBranches,
  setDeliveryZone,
  setPickupBranches,
} from '../../../stores/cart-slice';
import { useAppDispatch, useAppSelector } from '../../../stores/root-state';
import { useBranches } from '../api/get-branches';
import { branchesFor } from '../order-draft';
import { BranchStatus } from './branch-status';
import { cartBranch } from './cart-branch';

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
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const chosen = useAppSelector((s) => s.cart.branch);
  const branches = useBranches(brandId, language);
  const list = useMemo(() => (branches.data ? branchesFor(branches.data.branches, type) : null), [branches.data, type]);

  // The slice keeps the lists (spec §3) for the pages after this one.
  useEffect(() => {
    if (!list) return;
    const names = list.filter((b) => b.status === 'open').map(cartBranch);
    dispatch(type === ORDER_TYPES.pickup ? setPickupBranches(names) : setDeliveryBranches(names));
  }, [list, type, dispatch]);

  // A branch chosen earlier that no longer offers this type, or is closed now, is not kept.
  useEffect(() => {
    if (!list || !chosen) return;
    if (!list.some((b) => b.id === chosen.id && b.status === 'open')) dispatch(setBranch(null));
  }, [list, chosen, dispatch]);

  const pick = (branch: Branch) => {
    dispatch(setBranch(cartBranch(branch)));
    dispatch(setAddressId(null));
    dispatch(setAddress(null));
    dispatch(setDeliveryZone(null));
    onChosen();
  };

  return (
    <section className="section" aria-labelledby="branch-heading" data-testid="branch-choice">
      <h2 id="branch-heading">{t('ordering.branchTitle')}</h2>
      {branches.error != null && !list ? (
        <div className="banner banner--error" role="alert">
          <span>{errorText(branches.error, language)}</span>
          <button type="button" className="btn btn-small" onClick={branches.refetch}>
            {t('app.retry')}
          </button>
        </div>
      ) : !list ? (
        <p role="status">{t('ordering.branchesLoading')}</p>
      ) : list.length === 0 ? (
        <p>{t('ordering.noBranches')}</p>
      ) : (
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
                  checked={chosen?.id === branch.id}
                  disabled={closed}
                  aria-describedby={`branch-${branch.id}-status`}
                  onChange={() => pick(branch)}
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
      )}
    </section>
  );
}
