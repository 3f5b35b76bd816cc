import type { CounterCouponResponse } from '@sufra/shared/schemas/coupons';
import { type FormEvent, useState } from 'react';
import type { PhoneValue } from '../../../lib/account-form';
import { errorText } from '../../../lib/api-client';
import { parseSarInput } from '../../../lib/sar-input';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { redeemCoupon } from '../api/redeem-coupon';

/** A walk-in sale's coupon: the code, the sale's amount (checked here first) and the phone, recorded by the server. */
export function useCounterCoupon(branchId: number) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [code, setCode] = useState('');
  const [sale, setSale] = useState('');
  const [phone, setPhone] = useState<PhoneValue>({ dial: '966', number: '' });
  const [saleError, setSaleError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<CounterCouponResponse | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const saleHalalas = parseSarInput(sale);
    setSaleError(saleHalalas === null || saleHalalas < 1 ? t('staff.coupon.saleInvalid') : null);
    if (saleHalalas === null || saleHalalas < 1 || !code.trim()) return;
    setBusy(true);
    setAlert(null);
    try {
      const body = {
        code,
        branchId,
        saleHalalas,
        ...(phone.number.trim() ? { phone: { phone_number: phone.number, dial_code: phone.dial } } : {}),
      };
      setDone(await redeemCoupon(body, language));
    } catch (error) {
      setAlert(errorText(error, language));
    } finally {
      setBusy(false);
    }
  };

  const next = () => {
    setDone(null);
    setCode('');
    setSale('');
    setPhone({ dial: '966', number: '' });
  };

  return { code, setCode, sale, setSale, phone, setPhone, saleError, alert, busy, done, submit, next };
}
