import { ORDER_TYPES } from '@sufra/shared/order-types';
import { Link, useParams } from 'wouter';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { BranchChoice } from '../components/branch-choice';
import { DeliveryAddress } from '../components/delivery-address';
import { DineInLocation } from '../components/dine-in-location';
import { DineInTable } from '../components/dine-in-table';
import { OrderTypeOptions } from '../components/order-type-options';
import { TableNumberField } from '../components/table-number-field';
import { useOrderType } from '../hooks/use-order-type';
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
  const o = useOrderType(uuid);
  const { ready, cart, qr, qrBranch, types, usable, blocked, type, table } = o;

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
        <p className="notice notice--warning" role="status" data-testid="order-types-none">
          {qr?.services.ordering === false ? t('ordering.orderingOff') : t('ordering.noTypes')}
        </p>
      ) : (
        <OrderTypeOptions title={title} types={types} type={type} choose={o.choose} blocked={blocked} />
      )}

      {type === ORDER_TYPES.dineIn && table && <DineInTable number={table.number} />}
      {type === ORDER_TYPES.dineIn && !table && (
        <DineInLocation
          branch={qrBranch}
          error={o.locationError}
          onError={o.setLocationError}
          onProblem={o.setProblem}
          alternatives={types.filter((other) => other !== ORDER_TYPES.dineIn)}
          onChoose={o.choose}
        />
      )}
      {type === ORDER_TYPES.dineIn && !table && o.place.branchHasTables && (
        <TableNumberField error={o.tableError} onError={o.setTableError} />
      )}
      {(type === ORDER_TYPES.pickup || type === ORDER_TYPES.delivery) && (
        <BranchChoice uuid={uuid} brandId={qr?.brand.id} type={type} onChosen={() => o.setProblem(null)} />
      )}
      {type === ORDER_TYPES.delivery && cart.branch && <DeliveryAddress uuid={uuid} branchId={cart.branch.id} />}

      <div className="ordering-actions">
        <p className="field__error" role="alert" data-testid="order-type-problem">
          {o.problem}
        </p>
        {/* Never a button that cannot work: with no type usable now, the way back to the menu instead. */}
        {usable.length > 0 ? (
          <button type="button" className="btn btn-primary btn-block btn-large" onClick={o.next} data-testid="continue">
            {t('ordering.continue')}
          </button>
        ) : (
          <Link
            to={paths.menu.build(uuid)}
            className="btn btn-secondary btn-block btn-large"
            data-testid="back-to-menu"
          >
            {t('ordering.backToMenu')}
          </Link>
        )}
      </div>
    </div>
  );
}
