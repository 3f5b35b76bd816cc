import { distanceMeters } from '@sufra/shared/geo/distance';
import type { Language } from '@sufra/shared/language';
import { formatSar } from '@sufra/shared/money';
import { ORDER_TYPES, type OrderType } from '@sufra/shared/order-types';
import type { Branch } from '@sufra/shared/schemas/branch';
import type { Address } from '@sufra/shared/schemas/customer';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { SavedAddressList } from '../../../components/address/saved-address-list';
import { FormField } from '../../../components/ui/form-field';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { formatTableNumber } from '../../../lib/format-table-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import {
  type CartBranch,
  setAddress,
  setAddressId,
  setBranch,
  setCoordinates,
  setDeliveryBranches,
  setDeliveryZone,
  setOrderType,
  setPickupBranches,
  setTableNumber,
} from '../../../stores/cart-slice';
import { useAppDispatch, useAppSelector } from '../../../stores/root-state';
import { createDeliveryAddress, getDeliveryAddresses } from '../api/get-addresses';
import { useBranches } from '../api/get-branches';
import { BranchStatus } from '../components/branch-status';
import { useOrderingCart } from '../hooks/use-ordering-cart';
import { branchesFor, dineInPlace, enabledOrderTypes, missingStep, zoneFor } from '../order-draft';
import '../../../components/ui/form.css';
import './ordering.css';

// The form carries the map (Leaflet): its chunk loads only when the diner adds an address.
const AddressForm = lazy(() => import('../../../components/address/address-form'));

const cartBranch = (branch: Pick<Branch, 'id' | 'name'>): CartBranch => ({ id: branch.id, name: branch.name });

export function addressText(address: Pick<Address, 'title' | 'description'>): string {
  return `${address.title}: ${address.description}`;
}

/**
 * `/order-type/{uuid}`: how the diner wants the order (the types the QR's branch has on), then what that type needs:
 * dine-in from a table's QR nothing (it is preselected: the QR on the table says where the diner sits), dine-in from a
 * counter QR the diner's location (the API checks the distance from the branch) and, where the branch has tables, the
 * table's number; pickup a branch, delivery a branch and a saved address inside one of its zones (or a new one, added
 * on the map). Every choice goes to the cart slice.
 */
export default function OrderTypeRoute() {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const [, navigate] = useLocation();
  const { ready, cart } = useOrderingCart(uuid);
  const qr = useAppSelector((s) => s.establishment.establishment);
  const qrBranch = qr?.uuid === uuid ? qr.branch : undefined;
  const types = qrBranch && qr ? enabledOrderTypes(qrBranch.orderTypes, qr.services) : [];
  const type = cart.orderType !== null && types.includes(cart.orderType) ? cart.orderType : null;
  const [problem, setProblem] = useState<string | null>(null);
  // The location's and the table number's messages show in their own sections, once, never again under the button.
  const [locationError, setLocationError] = useState<string | null>(null);
  const [tableError, setTableError] = useState<string | null>(null);
  const place = dineInPlace(qr?.uuid === uuid ? qr : null);
  const table = qr?.uuid === uuid ? qr.table : null;

  const choose = (next: OrderType) => {
    setProblem(null);
    dispatch(setOrderType(next));
    if (next === ORDER_TYPES.dineIn && qrBranch) dispatch(setBranch(cartBranch(qrBranch)));
    else if (cart.orderType === ORDER_TYPES.dineIn) dispatch(setBranch(null));
    if (next !== ORDER_TYPES.delivery) {
      dispatch(setAddressId(null));
      dispatch(setAddress(null));
      dispatch(setDeliveryZone(null));
    }
  };

  // A table's QR is a table: dine-in is chosen for the diner (they can still pick another type).
  const dineInOffered = types.includes(ORDER_TYPES.dineIn);
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !ready || !table || !dineInOffered) return;
    preselected.current = true;
    if (cart.orderType === null) {
      dispatch(setOrderType(ORDER_TYPES.dineIn));
      if (qrBranch) dispatch(setBranch(cartBranch(qrBranch)));
    }
  }, [ready, table, dineInOffered, cart.orderType, qrBranch, dispatch]);

  const next = () => {
    const step = type === null ? 'type' : missingStep(cart, place);
    if (step === null) {
      navigate(paths.orderData.build(uuid));
      return;
    }
    if (step === 'location') {
      setProblem(null);
      setLocationError(t('ordering.locationPermission'));
      return;
    }
    if (step === 'table') {
      setProblem(null);
      setTableError(t('ordering.tableRequired'));
      document.getElementById('table-number')?.focus();
      return;
    }
    const messages = {
      cart: t('ordering.emptyCart'),
      type: t('ordering.chooseType'),
      branch: t('ordering.chooseBranch'),
      address: t('ordering.selectAddress'),
    } as const;
    setProblem(messages[step]);
  };

  const title = t('ordering.typeTitle');
  if (!ready || !qrBranch) {
    return (
      <div className="page ordering-page">
        <title>{`${title} | ${t('app.name')}`}</title>
        <h1>{title}</h1>
        <div className="skeleton skeleton--block" role="status">
          <span className="visually-hidden">{t('app.loading')}</span>
        </div>
      </div>
    );
  }

  return (
    <div className="page ordering-page" data-testid="order-type-page">
      <title>{`${title} | ${qr?.brand.name[language] ?? t('app.name')}`}</title>
      <h1>{title}</h1>
      {types.length === 0 ? (
        <p className="notice notice--warning">{t('ordering.noTypes')}</p>
      ) : (
        <fieldset className="option-list" data-testid="order-types">
          <legend className="visually-hidden">{title}</legend>
          {types.map((option) => (
            <label key={option} className="option-card">
              <input
                type="radio"
                name="order-type"
                value={option}
                checked={type === option}
                onChange={() => choose(option)}
                data-testid={`order-type-${option}`}
              />
              <span className="option-card__body">
                <span className="option-card__title">{t(`ordering.types.${option}`)}</span>
                <span className="option-card__hint">{t(`ordering.typeHints.${option}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}

      {type === ORDER_TYPES.dineIn && table && <DineInTable number={table.number} />}
      {type === ORDER_TYPES.dineIn && !table && (
        <DineInLocation branch={qrBranch} error={locationError} onError={setLocationError} onProblem={setProblem} />
      )}
      {type === ORDER_TYPES.dineIn && !table && place.branchHasTables && (
        <TableNumberField error={tableError} onError={setTableError} />
      )}
      {(type === ORDER_TYPES.pickup || type === ORDER_TYPES.delivery) && (
        <BranchChoice uuid={uuid} brandId={qr?.brand.id} type={type} onChosen={() => setProblem(null)} />
      )}
      {type === ORDER_TYPES.delivery && cart.branch && <DeliveryAddress uuid={uuid} branchId={cart.branch.id} />}

      <div className="ordering-actions">
        <p className="field__error" role="alert" data-testid="order-type-problem">
          {problem}
        </p>
        <button type="button" className="btn btn-primary btn-block btn-large" onClick={next} data-testid="continue">
          {t('ordering.continue')}
        </button>
      </div>
    </div>
  );
}

/** Dine-in from a table's QR: the table it is printed on. No location is asked: the QR is the proof. */
function DineInTable({ number }: { number: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="section" aria-labelledby="table-heading" data-testid="dine-in-table">
      <h2 id="table-heading">{t('ordering.yourTable')}</h2>
      <p className="notice notice--info">
        <strong data-testid="dine-in-table-number">
          {t('ordering.tableNumber', { number: formatTableNumber(number, language) })}
        </strong>
        <span> {t('ordering.tableQrHint')}</span>
      </p>
    </section>
  );
}

/** Dine-in from a counter QR at a branch with tables: the number on the diner's table. */
function TableNumberField({ error, onError }: { error: string | null; onError: (message: string | null) => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const value = useAppSelector((s) => s.cart.tableNumber) ?? '';
  return (
    <section className="section" aria-labelledby="table-number-heading" data-testid="table-number">
      <h2 id="table-number-heading">{t('ordering.yourTable')}</h2>
      <FormField
        id="table-number"
        label={t('ordering.tableNumberLabel')}
        hint={t('ordering.tableNumberHint')}
        error={error}
      >
        {(control) => (
          <input
            {...control}
            className="input"
            type="text"
            autoComplete="off"
            maxLength={20}
            value={value}
            onChange={(event) => {
              dispatch(setTableNumber(event.target.value));
              if (event.target.value.trim()) onError(null);
            }}
          />
        )}
      </FormField>
    </section>
  );
}

function DineInLocation({
  branch,
  error,
  onError: setError,
  onProblem,
}: {
  branch: Branch;
  error: string | null;
  onError: (message: string | null) => void;
  onProblem: (message: string | null) => void;
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
        <p className="field__error" role="alert" data-testid="location-far">
          {t('ordering.farFromBranch')}
        </p>
      )}
      <button type="button" className="btn btn-secondary" onClick={locate} disabled={locating}>
        {t('ordering.shareLocation')}
      </button>
    </section>
  );
}

function BranchChoice({
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

function DeliveryAddress({ uuid, branchId }: { uuid: string; branchId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const [location] = useLocation();
  const status = useAppSelector((s) => s.auth.status);
  const brandId = useAppSelector((s) => s.establishment.establishment?.brand.id);
  const chosenId = useAppSelector((s) => s.cart.addressId);
  const branches = useBranches(brandId, language);
  const chosenBranch = branches.data?.branches.find((b) => b.id === branchId);
  const zones = chosenBranch?.deliveryZones ?? [];
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [picked, setPicked] = useState<number | null>(chosenId);
  const [adding, setAdding] = useState(false);

  const load = useCallback(() => {
    setLoadError(null);
    getDeliveryAddresses(uuid, language).then(setAddresses, (error: unknown) =>
      setLoadError(errorText(error, language)),
    );
  }, [uuid, language]);
  useEffect(() => {
    if (status === 'signedIn') load();
  }, [status, load]);

  const choose = useCallback(
    (address: Address) => {
      setPicked(address.id);
      const zone = zoneFor(address.location, zones);
      dispatch(setAddressId(zone ? address.id : null));
      dispatch(setAddress(zone ? addressText(address) : null));
      dispatch(
        setDeliveryZone(
          zone
            ? {
                id: zone.id,
                name: zone.name,
                feeHalalas: zone.feeHalalas,
                minimumOrderHalalas: zone.minimumOrderHalalas,
              }
            : null,
        ),
      );
    },
    [zones, dispatch],
  );

  // The zones arrive after the saved choice (a reload): the choice is checked again against them.
  useEffect(() => {
    if (chosenId === null || !addresses || !branches.data) return;
    const saved = addresses.find((a) => a.id === chosenId);
    if (!saved || !zoneFor(saved.location, zones)) {
      dispatch(setAddressId(null));
      dispatch(setDeliveryZone(null));
    }
  }, [chosenId, addresses, zones, branches.data, dispatch]);

  if (status === 'signedOut') {
    return (
      <section className="section" aria-labelledby="address-heading">
        <h2 id="address-heading">{t('ordering.addressTitle')}</h2>
        <p>{t('ordering.signInForAddress')}</p>
        <Link
          to={paths.register.build(uuid, { mode: 'signin', next: location })}
          className="btn btn-primary"
          data-testid="sign-in-for-address"
        >
          {t('ordering.signIn')}
        </Link>
      </section>
    );
  }

  const pickedAddress = addresses?.find((a) => a.id === picked);
  const notCovered = pickedAddress !== undefined && branches.data && !zoneFor(pickedAddress.location, zones);

  return (
    <section className="section" aria-labelledby="address-heading" data-testid="delivery-address">
      <h2 id="address-heading">{t('ordering.addressTitle')}</h2>
      <SavedAddressList
        addresses={addresses}
        loadError={loadError}
        onRetry={load}
        empty={!adding && <p>{t('ordering.noAddresses')}</p>}
      >
        {(list) => (
          <fieldset className="option-list">
            <legend className="visually-hidden">{t('ordering.addressTitle')}</legend>
            {list.map((address) => {
              const zone = branches.data ? zoneFor(address.location, zones) : null;
              return (
                <label key={address.id} className="option-card" data-testid="address-option">
                  <input
                    type="radio"
                    name="delivery-address"
                    value={address.id}
                    checked={picked === address.id}
                    onChange={() => choose(address)}
                  />
                  <span className="option-card__body">
                    <span className="option-card__title">{address.title}</span>
                    <span className="option-card__hint">{address.description}</span>
                    {zone && <ZoneFee zone={zone} language={language} />}
                  </span>
                </label>
              );
            })}
          </fieldset>
        )}
      </SavedAddressList>
      {notCovered && (
        <p className="field__error" role="alert" data-testid="address-not-covered">
          {t('ordering.notCovered')}
        </p>
      )}
      {adding ? (
        <div className="card">
          <Suspense fallback={<div className="skeleton skeleton--block" />}>
            <AddressForm
              address={null}
              branches={chosenBranch ? [chosenBranch] : undefined}
              save={(body) => createDeliveryAddress(uuid, body, language)}
              onSaved={(address) => {
                setAddresses((list) => [...(list ?? []), address]);
                setAdding(false);
                choose(address);
              }}
              onCancel={() => setAdding(false)}
            />
          </Suspense>
        </div>
      ) : (
        addresses && (
          <button type="button" className="btn btn-secondary" onClick={() => setAdding(true)}>
            {t('ordering.addAddress')}
          </button>
        )
      )}
    </section>
  );
}

function ZoneFee({ zone, language }: { zone: Branch['deliveryZones'][number]; language: Language }) {
  const { t } = useTranslation();
  return (
    <span className="option-card__meta" data-testid="zone-fee">
      {t('ordering.deliveryFee', { fee: formatSar(zone.feeHalalas, language), zone: zone.name[language] })}
      {zone.minimumOrderHalalas > 0 && (
        <> · {t('ordering.minimumOrder', { amount: formatSar(zone.minimumOrderHalalas, language) })}</>
      )}
    </span>
  );
}
