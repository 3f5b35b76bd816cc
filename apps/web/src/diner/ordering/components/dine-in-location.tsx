import { distanceMeters } from '@sufra/shared/geo/distance';
import type { OrderType } from '@sufra/shared/order-types';
import type { Branch } from '@sufra/shared/schemas/branch';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { setCoordinates } from '../../../stores/cart-slice';
import { useAppDispatch, useAppSelector } from '../../../stores/root-state';

export function DineInLocation({
  branch,
  error,
  onError: setError,
  onProblem,
  alternatives = [],
  onChoose,
}: {
  branch: Branch;
  error: string | null;
  onError: (message: string | null) => void;
  /** Clears the page's "continue" message once a location has come. */
  onProblem: (message: null) => void;
  /** The other order types the branch offers: the way on for a diner too far from it to eat in. */
  alternatives?: OrderType[];
  onChoose?: (type: OrderType) => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const coordinates = useAppSelector((s) => s.cart.coordinates);
  const [locating, setLocating] = useState(false);
  const far = coordinates !== null && distanceMeters(coordinates, branch.location) > branch.dineInRadiusMeters;

  const locate = useCallback(() => {
    if (!navigator.geolocation) {
      setError(t('ordering.locationPermission'));
      return;
    }
    setLocating(true);
    setError(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        dispatch(setCoordinates({ lat: position.coords.latitude, lng: position.coords.longitude }));
        onProblem(null);
      },
      () => {
        setLocating(false);
        dispatch(setCoordinates(null));
        // The spec's message, whatever the reason (refused, unavailable, timed out).
        setError(t('ordering.locationPermission'));
      },
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    );
  }, [dispatch, onProblem, setError, t]);

  // Asked once when dine-in is chosen; the button asks again.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    locate();
  }, [locate]);

  return (
    <section className="section" aria-labelledby="location-heading" data-testid="dine-in-location">
      <h2 id="location-heading">{t('ordering.locationTitle')}</h2>
      <p className="field__hint">{t('ordering.locationHint')}</p>
      <div role="status">
        {locating && <p>{t('ordering.locating')}</p>}
        {!locating && coordinates && !far && (
          <p className="notice notice--info" data-testid="location-ok">
            {t('ordering.locationOk')}
          </p>
        )}
      </div>
      {error && (
        <div className="field__error" role="alert" data-testid="location-error">
          <p>{error}</p>
          <p className="field__hint" data-testid="location-how-to">
            {t('ordering.locationHowTo')}
          </p>
        </div>
      )}
      {far && !locating && (
        <div className="field__error" role="alert" data-testid="location-far">
          <p>{t('ordering.farFromBranch')}</p>
          <p className="field__hint">{t('ordering.farFromBranchNext')}</p>
        </div>
      )}
      {far && !locating && onChoose && alternatives.length > 0 && (
        <div className="location-alternatives">
          {alternatives.map((type) => (
            <button
              key={type}
              type="button"
              className="btn btn-secondary"
              onClick={() => onChoose(type)}
              data-testid={`far-choose-${type}`}
            >
              {t('ordering.chooseTypeInstead', { type: t(`ordering.types.${type}`) })}
            </button>
          ))}
        </div>
      )}
      <button type="button" className="btn btn-secondary" onClick={locate} disabled={locating}>
        {t('ordering.shareLocation')}
      </button>
    </section>
  );
}
