import { lazy, Suspense, useCallback } from 'react';
import { searchPlaces } from '../../lib/search-places';
import { useLanguage } from '../../lib/use-language';
import { useTranslation } from '../../lib/use-translation';
import type { MapBranch } from './address-map';
import { PlaceSearch } from './place-search';
import type { AddressFormState } from './use-address-form';
import '../ui/form.css';

const AddressMap = lazy(() => import('./address-map'));

/** The address's point: placed on the map (a tap, a drag, the map's centre) or by "use my current location". */
export function AddressLocation({ form: f, branches }: { form: AddressFormState; branches: readonly MapBranch[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { lat, lng } = f.center;
  // Places near where the map is (the pin, else the branch) come first.
  const search = useCallback(
    (q: string, signal: AbortSignal) => searchPlaces(q, { lat, lng }, language, signal),
    [lat, lng, language],
  );
  return (
    <fieldset
      className="choice-group"
      aria-describedby={f.errors.location ? `${f.idPrefix}-location-error` : undefined}
    >
      <legend>{t('address.location')}</legend>
      <p className="field__hint">{t('address.mapHint')}</p>
      <PlaceSearch
        search={search}
        language={language}
        disabled={f.busy}
        onPick={(place) => {
          f.setPoint(place.location);
          f.setErrors(({ location: _, ...rest }) => rest);
        }}
      />
      <div className="full-width">
        <Suspense fallback={<div className="address-map" />}>
          <AddressMap
            value={f.point}
            center={f.center}
            branches={branches}
            onChange={(next) => {
              f.setPoint(next);
              f.setErrors(({ location: _, ...rest }) => rest);
            }}
          />
        </Suspense>
      </div>
      <button type="button" className="btn btn-secondary" onClick={f.locateMe} disabled={f.busy || f.locating}>
        {f.locating ? t('address.locating') : t('address.useMyLocation')}
      </button>
      {f.errors.location && (
        <p id={`${f.idPrefix}-location-error`} className="field__error" role="alert" data-testid="location-error">
          {f.errors.location}
        </p>
      )}
    </fieldset>
  );
}
