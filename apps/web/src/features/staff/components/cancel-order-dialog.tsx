import { errorMessage } from '@sufra/shared/messages/errors';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormAlert, FormField } from '../../../components/ui/form-field';
import { errorText } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';

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
  const language = useLanguage();
  const ref = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const titleId = `cancel-${number}-title`.replace(/[^\w-]/g, '');

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  // Closed before it unmounts: while a modal dialog is open the page behind it is inert and cannot take focus back.
  const close = () => {
    ref.current?.close();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed === '') {
      setFieldError(errorMessage('cancel_reason_required', language));
      ref.current?.querySelector('textarea')?.focus();
      return;
    }
    setFieldError(null);
    setFormError(null);
    setSending(true);
    try {
      await onCancel(trimmed);
      close();
    } catch (cause) {
      setFormError(errorText(cause, language));
      setSending(false);
    }
  };

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
