import type { Address } from '@sufra/shared/schemas/customer';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';

interface Props {
  /** null while loading (or after a failed load). */
  addresses: Address[] | null;
  loadError: string | null;
  onRetry: () => void;
  /** What an empty list says; null leaves it out (while the add form is open, it speaks for itself). */
  empty: ReactNode;
  /** The loading placeholder's lines: the profile's cards are taller than the delivery step's options. */
  skeletonLines?: 1 | 2;
  /** The list itself, once there is at least one address: cards to manage in the profile, options to pick when ordering. */
  children: (addresses: Address[]) => ReactNode;
}

/**
 * The diner's saved addresses as the profile and the delivery step both show them: the load error with a retry, the
 * placeholder while loading, the empty line, then the list the page draws.
 */
export function SavedAddressList({ addresses, loadError, onRetry, empty, skeletonLines = 1, children }: Props) {
  const { t } = useTranslation();
  return (
    <>
      {loadError && (
        <div className="banner banner--error" role="alert">
          <span>{loadError}</span>
          <button type="button" className="btn btn-small" onClick={onRetry}>
            {t('app.retry')}
          </button>
        </div>
      )}
      {!addresses && !loadError && (
        <div role="status">
          <span className="visually-hidden">{t('app.loading')}</span>
          <div className="skeleton skeleton--line" />
          {skeletonLines === 2 && <div className="skeleton skeleton--line skeleton--short" />}
        </div>
      )}
      {addresses && addresses.length === 0 && empty}
      {addresses && addresses.length > 0 && children(addresses)}
    </>
  );
}
