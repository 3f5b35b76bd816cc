import { formatSar } from '@sufra/shared/money';
import { formatPhone } from '@sufra/shared/phone/phone-number';
import type { PointsEntry, StaffCustomer } from '@sufra/shared/schemas/loyalty';
import { type FormEvent, useState } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { PhoneField } from '../../../components/ui/phone-field';
import { type PhoneValue, phoneError } from '../../../lib/account-form';
import { errorText } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { findCustomer } from '../api/find-customer';
import { getCustomerPoints } from '../api/get-customer-points';
import { REASON_MAX, useAdjustPoints } from '../hooks/use-adjust-points';
import { formatEntryDate, formatPointsChange } from '../loyalty-admin-format';

/**
 * A manager's diner: found by phone, their wallet, lifetime points and level, their ledger, and an adjustment with a
 * required reason (the diner reads it in their points history).
 */
export function CustomerPoints() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [phone, setPhone] = useState<PhoneValue>({ dial: '966', number: '' });
  const [phoneProblem, setPhoneProblem] = useState<string | null>(null);
  const [finding, setFinding] = useState(false);
  const [customer, setCustomer] = useState<StaffCustomer | null>(null);
  const [entries, setEntries] = useState<PointsEntry[]>([]);

  const find = async (event: FormEvent) => {
    event.preventDefault();
    const problem = phoneError(phone, language);
    setPhoneProblem(problem);
    if (problem) return;
    setFinding(true);
    try {
      const found = await findCustomer(phone, language);
      const history = await getCustomerPoints(found.id, language);
      setCustomer(found);
      setEntries(history.entries);
    } catch (error) {
      setCustomer(null);
      setPhoneProblem(errorText(error, language));
    } finally {
      setFinding(false);
    }
  };

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
          <AdjustPoints
            customerId={customer.id}
            onAdjusted={(next) => {
              setEntries(next);
              // The wallet, its worth and the level as the server has them now (its E.164 number finds the same diner).
              findCustomer({ dial: '966', number: customer.phone }, language).then(setCustomer, () => {});
            }}
          />
          <Ledger entries={entries} />
        </div>
      )}
    </section>
  );
}

/** A manager's adjustment of a diner's points: one form (~80 lines), kept whole, its state in use-adjust-points. */
function AdjustPoints({
  customerId,
  onAdjusted,
}: {
  customerId: number;
  onAdjusted: (entries: PointsEntry[]) => void;
}) {
  const { t } = useTranslation();
  const { direction, setDirection, amount, setAmount, reason, setReason, errors, failure, done, sending, submit } =
    useAdjustPoints(customerId, onAdjusted);

  return (
    <form
      className="card loyalty-admin__adjust"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="adjust-heading"
    >
      <h3 id="adjust-heading">{t('staff.loyalty.adjustTitle')}</h3>
      <fieldset className="loyalty-admin__direction">
        <legend className="visually-hidden">{t('staff.loyalty.direction')}</legend>
        {(['add', 'remove'] as const).map((d) => (
          <label key={d} className="loyalty-admin__choice">
            <input
              type="radio"
              name="adjust-direction"
              value={d}
              checked={direction === d}
              onChange={() => setDirection(d)}
              data-testid={`adjust-${d}`}
            />
            <span>{t(`staff.loyalty.${d}`)}</span>
          </label>
        ))}
      </fieldset>
      <FormField id="adjust-points" label={t('staff.loyalty.points')} error={errors.amount}>
        {(control) => (
          <input
            {...control}
            className="input"
            inputMode="numeric"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            disabled={sending}
          />
        )}
      </FormField>
      <FormField
        id="adjust-reason"
        label={t('staff.loyalty.reason')}
        hint={t('staff.loyalty.reasonHint')}
        error={errors.reason}
      >
        {(control) => (
          <textarea
            {...control}
            className="input"
            rows={2}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            disabled={sending}
          />
        )}
      </FormField>
      {failure && (
        <p className="form-alert" role="alert" data-testid="adjust-error">
          {failure}
        </p>
      )}
      {done && (
        <p className="notice notice--info" role="status" data-testid="adjust-done">
          {done}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={sending} data-testid="adjust-submit">
        {t('staff.loyalty.adjust')}
      </button>
    </form>
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
