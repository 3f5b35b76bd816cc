import { useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../../config/paths';
import { showToast } from '../../../lib/toast';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { logoutCustomer } from '../api/logout';

export function SignOut({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  return (
    <section className="section">
      <button
        type="button"
        className="btn btn-secondary btn-block"
        data-testid="sign-out"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          // Leave first: the page would otherwise send the signed-out diner to the sign-in form.
          navigate(paths.menu.build(uuid), { replace: true });
          logoutCustomer(uuid, language)
            .catch(() => {
              // Signed out in this browser anyway (logoutCustomer); the cookies expire on their own.
            })
            .finally(() => void showToast(t('account.signedOut'), 'info'));
        }}
      >
        {t('account.signOut')}
      </button>
    </section>
  );
}
