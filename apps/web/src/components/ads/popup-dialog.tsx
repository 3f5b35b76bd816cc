import type { Popup } from '@sufra/shared/schemas/ads';
import { useTranslation } from '../../lib/use-translation';
import { AppImage } from '../ui/app-image';
import { useModalDialog } from '../ui/use-modal-dialog';
import './ads.css';

/** The redirect URL with the establishment's utm_source added (spec §7). */
export function popupTarget(redirectUrl: string, utmSource: string | null): string {
  try {
    const url = new URL(redirectUrl, window.location.href);
    if (utmSource) url.searchParams.set('utm_source', utmSource);
    return url.toString();
  } catch {
    return redirectUrl;
  }
}

interface Props {
  popup: Popup;
  utmSource: string | null;
  onClose: () => void;
  /** A tap on its button (the diner's click count). */
  onFollow?: () => void;
}

/**
 * The promotional pop-up as a native modal <dialog>: the rest of the page is inert while it is open
 * (focus stays inside), Escape and the close button close it, focus returns to where it was.
 */
export function PopupDialog({ popup, utmSource, onClose, onFollow }: Props) {
  const { t } = useTranslation();
  const { ref } = useModalDialog(onClose);

  return (
    <dialog
      ref={ref}
      className="popup"
      data-testid="popup"
      aria-modal="true"
      aria-labelledby="popup-text"
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <button type="button" className="btn btn-icon popup__close" onClick={onClose} aria-label={t('app.close')}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
      <AppImage src={popup.background_image} alt="" width={600} height={400} className="popup__image" priority />
      <div className="popup__body">
        <p id="popup-text" className="popup__text">
          {popup.popup_text}
        </p>
        <a
          className="btn btn-primary btn-block"
          href={popupTarget(popup.redirect_url, utmSource)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => {
            onFollow?.();
            onClose();
          }}
        >
          {popup.button_text}
        </a>
      </div>
    </dialog>
  );
}
