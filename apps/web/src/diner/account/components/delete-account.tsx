import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { FormAlert } from '../../../components/ui/form-field';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { deleteAccount } from '../api/delete-account';

/** Deleting the account asks once more; then every tab signs out. */
export function DeleteAccount({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      navigate(paths.menu.build(uuid), { replace: true });
      await deleteAccount(uuid, language);
      void showToast(t('account.deleted'), 'info');
    } catch (cause) {
      setError(errorText(cause, language));
      setBusy(false);
    }
  };

  return (
    <section className="section" aria-labelledby="delete-heading">
      <h2 id="delete-heading">{t('account.deleteTitle')}</h2>
      {!confirming ? (
        <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
          {t('account.deleteAccount')}
        </button>
      ) : (
        <div className="confirm-box" data-testid="delete-account-confirm">
          <span>{t('account.deleteConfirm')}</span>
          <button
            ref={confirmButton}
            type="button"
            className="btn btn-small btn-danger"
            disabled={busy}
            onClick={() => void remove()}
          >
            {t('account.deleteYes')}
          </button>
          <button
            type="button"
            className="btn btn-small btn-secondary"
            disabled={busy}
            onClick={() => setConfirming(false)}
          >
            {t('account.cancel')}
          </button>
        </div>
      )}
      <FormAlert message={error} />
    </section>
  );
}
