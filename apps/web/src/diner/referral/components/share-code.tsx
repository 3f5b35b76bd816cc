import { paths } from '../../../config/paths';
import { showToast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';

/** The friend's link: the landing that remembers the code through registration. */
function linkOf(code: string): string {
  return `${window.location.origin}${paths.reference.build(code)}`;
}

async function copy(text: string, done: string, failed: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    void showToast(done, 'success');
  } catch {
    // No clipboard (an insecure origin, a refused permission): the text stays on screen, selectable.
    void showToast(failed, 'error');
  }
}

/**
 * The diner's code and link, each with a copy button, and the phone's share sheet where the browser has one. Code
 * and link read left to right in both languages.
 */
export function ShareCode({ code, brand, friendPoints }: { code: string; brand: string; friendPoints: number }) {
  const { t } = useTranslation();
  const link = linkOf(code);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const share = () => {
    const text = t('referral.shareText', { brand, code, points: friendPoints });
    navigator.share({ title: brand, text, url: link }).catch(() => {
      // Closed by the diner, or refused: nothing to say.
    });
  };
  return (
    <section className="card card--raised referral-share" aria-labelledby="referral-code-title">
      <h2 id="referral-code-title" className="referral-share__label">
        {t('referral.yourCode')}
      </h2>
      <p className="referral-share__code" dir="ltr" data-testid="referral-code">
        {code}
      </p>
      <p className="referral-share__label">{t('referral.yourLink')}</p>
      <p className="referral-share__link" dir="ltr" data-testid="referral-link">
        {link}
      </p>
      <div className="referral-share__actions">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => void copy(code, t('referral.copied'), t('referral.copyFailed'))}
        >
          {t('referral.copyCode')}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => void copy(link, t('referral.copied'), t('referral.copyFailed'))}
        >
          {t('referral.copyLink')}
        </button>
        {canShare && (
          <button type="button" className="btn btn-primary" onClick={share}>
            {t('referral.share')}
          </button>
        )}
      </div>
    </section>
  );
}
