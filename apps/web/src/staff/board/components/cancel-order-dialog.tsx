import { FormAlert, FormField } from '../../../components/ui/form-field';
import { useTranslation } from '../../../lib/use-translation';
import { useCancelOrder } from '../hooks/use-cancel-order';

/** The API keeps at most this many characters of a reason (orderStatusBody). */
const REASON_MAX = 500;

interface Props {
  /** "#12", already formatted. */
  number: string;
  /** Rejects with the API's error, shown in the dialog. */
  onCancel: (reason: string) => Promise<void>;
  onClose: () => void;
}

/**
 * Canceling asks why (the API requires it and keeps it on the order). A native modal <dialog>: the page behind is
 * inert, focus starts in the reason field, Escape or "Keep order" closes it and focus returns to the button.
 */
export function CancelOrderDialog({ number, onCancel, onClose }: Props) {
  const { t } = useTranslation();
  const { ref, reason, setReason, fieldError, formError, sending, close, submit } = useCancelOrder(onCancel, onClose);
  const titleId = `cancel-${number}-title`.replace(/[^\w-]/g, '');

  return (
    <dialog
      ref={ref}
      className="board-dialog"
      aria-labelledby={titleId}
      data-testid="cancel-dialog"
      onCancel={(event) => {
        event.preventDefault();
        if (!sending) close();
      }}
    >
      <form className="form" noValidate onSubmit={submit}>
        <h2 id={titleId}>{t('staff.board.cancelTitle', { number })}</h2>
        <p>{t('staff.board.cancelLead')}</p>
        <FormField id="cancel-reason" label={t('staff.board.reason')} error={fieldError}>
          {(control) => (
            <textarea
              {...control}
              className="input textarea"
              rows={3}
              maxLength={REASON_MAX}
              required
              aria-required="true"
              value={reason}
              disabled={sending}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </FormField>
        <FormAlert message={formError} testId="cancel-error" />
        <div className="board-dialog__actions">
          <button type="button" className="btn btn-secondary" onClick={close} disabled={sending}>
            {t('staff.board.keep')}
          </button>
          <button type="submit" className="btn btn-danger" disabled={sending} data-testid="cancel-confirm">
            {sending ? t('staff.board.canceling') : t('staff.board.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
