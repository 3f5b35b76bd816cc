import type { PointsEntry, StaffCustomer } from '@sufra/shared/schemas/loyalty';
import { type FormEvent, useState } from 'react';
import { type PhoneValue, phoneError } from '../../../lib/account-form';
import { errorText } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { findCustomer } from '../api/find-customer';
import { getCustomerPoints } from '../api/get-customer-points';

/**
 * A manager's search for a diner by phone: the number checked here first, then the diner and their ledger from the
 * server; after an adjustment, the new ledger and the diner read again.
 */
export function useCustomerLookup() {
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

  const adjusted = (next: PointsEntry[]) => {
    setEntries(next);
    if (!customer) return;
    // The wallet, its worth and the level as the server has them now (its E.164 number finds the same diner).
    findCustomer({ dial: '966', number: customer.phone }, language).then(setCustomer, () => {});
  };

  return { phone, setPhone, phoneProblem, finding, customer, entries, find, adjusted };
}
