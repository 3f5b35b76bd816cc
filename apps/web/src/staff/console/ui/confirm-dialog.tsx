import { type ReactNode, useId } from 'react';
import { useModalDialog } from '../../../components/ui/use-modal-dialog';
import { useTranslation } from '../../../lib/use-translation';

interface Props {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** A destructive action (deactivate, delete): the red button. */
  danger?: boolean;
  /** While the action is on its way: both buttons disabled, Escape ignored. */
  busy?: boolean;
  /** The action's error, shown in the dialog. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * "Are you sure?" as a native modal <dialog> (the page behind is inert, Escape cancels, focus returns to the
 * button that opened it when the parent unmounts it).
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  danger,
  busy = false,
  error,
  onConfirm,
  onCancel,
}: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const { ref, close } = useModalDialog(onCancel);
  return (
    <dialog
      ref={ref}
      className="console-dialog"
      aria-labelledby={titleId}
      data-testid="confirm-dialog"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) close();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
      {error && (
        <p className="form-alert" role="alert">
          {error}
        </p>
      )}
      <div className="console-dialog__actions">
        <button type="button" className="btn btn-secondary" onClick={close} disabled={busy}>
          {t('console.confirm.cancel')}
        </button>
        <button
          type="button"
          className={danger ? 'btn btn-danger' : 'btn btn-primary'}
          onClick={onConfirm}
          disabled={busy}
          data-testid="confirm-dialog-confirm"
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
