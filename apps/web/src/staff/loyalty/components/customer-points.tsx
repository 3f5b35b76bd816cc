import { formatSar } from '@sufra/shared/money';
import { formatPhone } from '@sufra/shared/phone/phone-number';
import type { PointsEntry, StaffCustomer } from '@sufra/shared/schemas/loyalty';
import { PhoneField } from '../../../components/ui/phone-field';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useCustomerLookup } from '../hooks/use-customer-lookup';
import { formatEntryDate, formatPointsChange } from '../loyalty-admin-format';
import { AdjustPoints } from './adjust-points';

/**
 * A manager's diner: found by phone, their wallet, lifetime points and level, their ledger, and an adjustment with a
 * required reason (the diner reads it in their points history).
 */
export function CustomerPoints() {
  const { t } = useTranslation();
  const { phone, setPhone, phoneProblem, finding, customer, entries, find, adjusted } = useCustomerLookup();

  return (
    <section className="section loyalty-admin__panel" aria-labelledby="customer-points-heading">
      <h2 id="customer-points-heading">{t('staff.loyalty.customerTitle')}</h2>
      <form className="loyalty-admin__find" onSubmit={(event) => void find(event)} noValidate>
        <PhoneField
          id="customer-phone"
          value={phone}
          onChange={setPhone}
          error={phoneProblem}
          label={t('staff.loyalty.customerPhone')}
          disabled={finding}
        />
        <button type="submit" className="btn btn-primary" disabled={finding} data-testid="customer-find">
          {finding ? t('staff.loyalty.finding') : t('staff.loyalty.find')}
        </button>
      </form>
      {customer && (
        <div className="loyalty-admin__customer" data-testid="customer-card">
          <CustomerFacts customer={customer} />
          <AdjustPoints customerId={customer.id} onAdjusted={adjusted} />
          <Ledger entries={entries} />
        </div>
      )}
    </section>
  );
}

/** Who the diner is and where their points stand: name, phone, wallet and its worth, lifetime points, level. */
function CustomerFacts({ customer }: { customer: StaffCustomer }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <dl className="loyalty-admin__facts">
      <div>
        <dt>{t('staff.loyalty.name')}</dt>
        <dd data-testid="customer-name">{customer.name}</dd>
      </div>
      <div>
        <dt>{t('staff.loyalty.phone')}</dt>
        <dd dir="ltr">{formatPhone(customer.phone)}</dd>
      </div>
      <div>
        <dt>{t('staff.loyalty.wallet')}</dt>
        <dd data-testid="customer-wallet">
          {t('staff.loyalty.pointsWorth', {
            points: formatNumber(customer.walletPoints, language),
            amount: formatSar(customer.walletValueHalalas, language),
          })}
        </dd>
      </div>
      <div>
        <dt>{t('staff.loyalty.lifetime')}</dt>
        <dd data-testid="customer-lifetime">{formatNumber(customer.lifetimePoints, language)}</dd>
      </div>
      <div>
        <dt>{t('staff.loyalty.level')}</dt>
        <dd data-testid="customer-level">{customer.level?.name[language] ?? t('staff.loyalty.noLevel')}</dd>
      </div>
    </dl>
  );
}

function Ledger({ entries }: { entries: PointsEntry[] }) {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  return (
    <section aria-labelledby="ledger-heading">
      <h3 id="ledger-heading">{t('staff.loyalty.ledgerTitle')}</h3>
      {entries.length === 0 ? (
        <p>{t('staff.loyalty.ledgerEmpty')}</p>
      ) : (
        <div className="table-scroll">
          <table className="staff-table" data-testid="customer-ledger">
            <thead>
              <tr>
                <th scope="col">{t('staff.loyalty.date')}</th>
                <th scope="col">{t('staff.loyalty.kind')}</th>
                <th scope="col">{t('staff.loyalty.reason')}</th>
                <th scope="col">{t('staff.loyalty.points')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} data-testid="ledger-row">
                  <td>{formatEntryDate(entry.createdAt, language)}</td>
                  <td>{t(`staff.loyalty.kinds.${entry.kind}`)}</td>
                  <td>
                    {i18n.exists(`staff.loyalty.reasons.${entry.reason}`, language)
                      ? t(`staff.loyalty.reasons.${entry.reason}`)
                      : entry.reason}
                  </td>
                  <td className={entry.points < 0 ? 'loyalty-admin__debit' : 'loyalty-admin__credit'}>
                    {formatPointsChange(entry.points, language)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
