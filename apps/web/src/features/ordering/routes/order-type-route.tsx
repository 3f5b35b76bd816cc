import { ORDER_TYPES, type OrderType } from '@sufra/shared/order-types';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { setAddress, setAddressId, setBranch, setDeliveryZone, setOrderType } from '../../../stores/cart-slice';
import { useAppDispatch, useAppSelector } from '../../../stores/root-state';
import { BranchChoice } from '../components/branch-choice';
import { cartBranch } from '../components/cart-branch';
import { DeliveryAddress } from '../components/delivery-address';
import { DineInLocation } from '../components/dine-in-location';
import { DineInTable } from '../components/dine-in-table';
import { TableNumberField } from '../components/table-number-field';
import { useOrderingCart } from '../hooks/use-ordering-cart';
import { dineInPlace, enabledOrderTypes, missingStep } from '../order-draft';
import '../../../components/ui/form.css';
import './ordering.css';

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
