import type { Reward } from '@sufra/shared/schemas/loyalty';
import { useState } from 'react';
import { FormAlert } from '../../../components/ui/form-field';
import { useModalDialog } from '../../../components/ui/use-modal-dialog';
import { errorText } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';

interface Props {
  reward: Reward & { pointsCost: number };
  walletPoints: number;
  /** Rejects with the API's error, shown in the dialog. */
  onBuy: () => Promise<void>;
  onClose: () => void;
}

/**
 * Buying asks first: what it costs and what is left. A native modal <dialog> (the page behind is inert, Escape closes
 * it); the button is disabled while the purchase is on its way, so one tap buys once.
 */
export function BuyDialog({ reward, walletPoints, onBuy, onClose }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { ref, close } = useModalDialog(onClose);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = reward.name[language];

  const buy = async () => {
    setSending(true);
    setError(null);
    try {
      await onBuy();
      close();
    } catch (caught) {
      setError(errorText(caught, language));
      setSending(false);
    }
  };

  return (
    <dialog
      ref={ref}
      className="loyalty-dialog"
      aria-labelledby="buy-title"
      aria-describedby="buy-body"
      data-testid="buy-dialog"
      onCancel={(event) => {
        event.preventDefault();
        if (!sending) close();
      }}
    >
      <h2 id="buy-title">{t('loyalty.confirmTitle', { reward: name })}</h2>
      <p id="buy-body">
        {t('loyalty.confirmBody', {
          points: formatNumber(reward.pointsCost, language),
          after: formatNumber(walletPoints - reward.pointsCost, language),
        })}
      </p>
      <FormAlert message={error} testId="buy-error" />
      <div className="loyalty-dialog__actions">
        <button type="button" className="btn btn-secondary" onClick={close} disabled={sending}>
          {t('loyalty.cancel')}
        </button>
        <button type="button" className="btn btn-primary" onClick={buy} disabled={sending} data-testid="confirm-buy">
          {sending ? t('loyalty.buying') : t('loyalty.confirmBuy')}
        </button>
      </div>
    </dialog>
  );
}
