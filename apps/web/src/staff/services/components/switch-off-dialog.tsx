import type { Service } from '@sufra/shared/services';
import { useState } from 'react';
import { useModalDialog } from '../../../components/ui/use-modal-dialog';
import { useTranslation } from '../../../lib/use-translation';

/** The services whose switch-off says exactly what diners will see; the others share one sentence. */
const NAMED_EFFECTS: ReadonlySet<Service> = new Set(['brand', 'menu', 'ordering', 'dine_in', 'pickup', 'delivery']);

/**
 * "Switch off …?" before a service goes off for the whole brand, naming the effect ("Every diner of Sufra Kitchen
 * will see 'Service unavailable'"). A native modal <dialog>: the page behind is inert, Escape or "Keep it on" closes
 * it with nothing changed; focus starts on "Keep it on", the safe answer.
 */
export function SwitchOffDialog({
  service,
  brandName,
  onConfirm,
  onClose,
}: {
  service: Service;
  brandName: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { ref, close } = useModalDialog(onClose);
  const [sending, setSending] = useState(false);
  const name = t(`staff.loyalty.services.${service}`);
  const effect = NAMED_EFFECTS.has(service)
    ? t(`staff.services.effects.${service}`, { brand: brandName })
    : t('staff.services.effects.other', { brand: brandName, service: name });

  return (
    <dialog
      ref={ref}
      className="board-dialog services-admin__dialog"
      aria-labelledby="switch-off-title"
      aria-describedby="switch-off-effect"
      data-testid="switch-off-dialog"
      onCancel={(event) => {
        event.preventDefault();
        if (!sending) close();
      }}
    >
      <h2 id="switch-off-title">{t('staff.services.confirmTitle', { service: name })}</h2>
      <p id="switch-off-effect" data-testid="switch-off-effect">
        {effect}
      </p>
      <p>{t('staff.services.confirmRecorded')}</p>
      <div className="board-dialog__actions">
        {/* biome-ignore lint/a11y/noAutofocus: the safe answer has the focus when the dialog opens */}
        <button type="button" className="btn btn-secondary" onClick={close} disabled={sending} autoFocus>
          {t('staff.services.keepOn')}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={sending}
          aria-busy={sending}
          data-testid="switch-off-confirm"
          onClick={async () => {
            setSending(true);
            await onConfirm();
            close();
          }}
        >
          {sending ? t('staff.services.switchingOff') : t('staff.services.switchOff')}
        </button>
      </div>
    </dialog>
  );
}
