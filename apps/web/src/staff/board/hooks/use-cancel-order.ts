import { errorMessage } from '@sufra/shared/messages/errors';
import { type FormEvent, useState } from 'react';
import { useModalDialog } from '../../../components/ui/use-modal-dialog';
import { errorText } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';

/**
 * The cancel dialog's state: the reason, what is wrong with it or with the answer, and the modal's opening and
 * closing. `onCancel` rejects with the API's error, which stays in the dialog.
 */
export function useCancelOrder(onCancel: (reason: string) => Promise<void>, onClose: () => void) {
  const language = useLanguage();
  const { ref, close } = useModalDialog(onClose);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

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

  return { ref, reason, setReason, fieldError, formError, sending, close, submit };
}
