import { useId, useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { showToast } from '../../../lib/toast';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { ConfirmDialog } from '../../console/ui/confirm-dialog';
import { customersKey, getGrantableRewards, grantPoints, grantPrize } from '../api/manage-customers';

const toAscii = (text: string) => text.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace('−', '-');

/** The reason field both grants require (kept in the ledger and the audit log). */
function ReasonField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="manage-customers__field">
      <label htmlFor={id}>{t('manageCustomers.reasonLabel')}</label>
      <textarea
        id={id}
        className="input"
        rows={2}
        maxLength={500}
        required
        value={value}
        aria-invalid={error || undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
        data-testid="grant-reason"
      />
      <p id={`${id}-hint`} className={error ? 'form-error' : 'console-muted'}>
        {error ? t('manageCustomers.reasonTooShort') : t('manageCustomers.reasonHint')}
      </p>
    </div>
  );
}

/** Points granted (or taken back, with a minus) with a reason, from a customer's page. */
export function GrantPointsDialog({
  customerId,
  name,
  onClose,
}: {
  customerId: number;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const grant = useApiMutation((body: { points: number; reason: string }) => grantPoints(customerId, body, language), {
    invalidates: [customersKey],
  });
  const value = Number(toAscii(points.trim()));
  const pointsOk = points.trim() !== '' && Number.isInteger(value) && value !== 0 && Math.abs(value) <= 1_000_000;
  const reasonOk = reason.trim().length >= 3;
  return (
    <ConfirmDialog
      title={t('manageCustomers.pointsTitle', { name })}
      confirmLabel={t('manageCustomers.grant')}
      busy={grant.busy}
      error={grant.error !== undefined ? errorText(grant.error, language) : null}
      onCancel={onClose}
      onConfirm={() => {
        setTried(true);
        if (!pointsOk || !reasonOk) return;
        void grant
          .mutate({ points: value, reason: reason.trim() })
          .then((result) => {
            void showToast(t('manageCustomers.pointsGranted', { wallet: formatNumber(result.walletPoints, language) }));
            onClose();
          })
          .catch(() => undefined);
      }}
    >
      <div className="manage-customers__field">
        <label htmlFor={id}>{t('manageCustomers.pointsLabel')}</label>
        <input
          id={id}
          className="input manage-customers__amount"
          inputMode="numeric"
          maxLength={9}
          value={points}
          aria-invalid={(tried && !pointsOk) || undefined}
          onChange={(e) => setPoints(e.target.value)}
          data-testid="grant-points-amount"
        />
        {tried && !pointsOk && <p className="form-error">{t('manageCustomers.pointsInvalid')}</p>}
      </div>
      <ReasonField value={reason} onChange={setReason} error={tried && !reasonOk} />
    </ConfirmDialog>
  );
}

/** A prize (any active reward of the brand) granted with a reason; it lands in the diner's My Rewards. */
export function GrantPrizeDialog({
  customerId,
  name,
  onClose,
}: {
  customerId: number;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const [rewardId, setRewardId] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const rewards = useApiQuery([...customersKey, 'rewards', language], () => getGrantableRewards(language));
  const grant = useApiMutation((body: { rewardId: number; reason: string }) => grantPrize(customerId, body, language), {
    invalidates: [customersKey],
  });
  const reasonOk = reason.trim().length >= 3;
  return (
    <ConfirmDialog
      title={t('manageCustomers.prizeTitle', { name })}
      confirmLabel={t('manageCustomers.grant')}
      busy={grant.busy}
      error={grant.error !== undefined ? errorText(grant.error, language) : null}
      onCancel={onClose}
      onConfirm={() => {
        setTried(true);
        if (!rewardId || !reasonOk) return;
        void grant
          .mutate({ rewardId: Number(rewardId), reason: reason.trim() })
          .then((result) => {
            void showToast(t('manageCustomers.prizeGranted', { name: result.name[language] }));
            onClose();
          })
          .catch(() => undefined);
      }}
    >
      <div className="manage-customers__field">
        <label htmlFor={id}>{t('manageCustomers.prizeLabel')}</label>
        <select
          id={id}
          className="input"
          value={rewardId}
          aria-invalid={(tried && !rewardId) || undefined}
          onChange={(e) => setRewardId(e.target.value)}
          data-testid="grant-prize-reward"
        >
          <option value="">{t('manageCustomers.pickPrize')}</option>
          {(['prize', 'points'] as const).map((shop) => (
            <optgroup key={shop} label={t(`manageCustomers.shops.${shop}`)}>
              {rewards.data?.rewards
                .filter((r) => r.shop === shop)
                .map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name[language]}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
        {tried && !rewardId && <p className="form-error">{t('manageCustomers.pickPrize')}</p>}
      </div>
      <ReasonField value={reason} onChange={setReason} error={tried && !reasonOk} />
    </ConfirmDialog>
  );
}
