import {
  ACCEPT_DELAY_CHOICES,
  DECLINE_REASONS,
  type DeclineReason,
  declineReasonLabel,
} from '@sufra/shared/order-times';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormAlert } from '../../../components/ui/form-field';
import { useModalDialog } from '../../../components/ui/use-modal-dialog';
import { errorText } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';

/** The delay picked first: the middle of the board's usual choices. */
const DEFAULT_DELAY = 20;

/** A modal dialog that sends one choice: the send's error stays in it, the buttons wait while it is under way. */
function ChoiceDialog<T extends string | number>(props: {
  testId: string;
  title: string;
  lead: string;
  legend: string;
  choices: readonly T[];
  initial: T | null;
  label: (choice: T) => string;
  confirm: (choice: T | null, sending: boolean) => string;
  confirmClass: string;
  onSend: (choice: T) => Promise<void>;
  onClose: () => void;
}): ReactNode {
  const { t } = useTranslation();
  const language = useLanguage();
  const { ref, close } = useModalDialog(props.onClose);
  const [choice, setChoice] = useState<T | null>(props.initial);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = `${props.testId}-title`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (choice === null) return;
    setSending(true);
    setError(null);
    try {
      await props.onSend(choice);
      close();
    } catch (cause) {
      setError(errorText(cause, language));
      setSending(false);
    }
  };
  return (
    <dialog
      ref={ref}
      className="board-dialog"
      aria-labelledby={titleId}
      data-testid={props.testId}
      onCancel={(event) => {
        event.preventDefault();
        if (!sending) close();
      }}
    >
      <form className="form" noValidate onSubmit={submit}>
        <h2 id={titleId}>{props.title}</h2>
        <p>{props.lead}</p>
        <fieldset className="time-choices" disabled={sending}>
          <legend className="visually-hidden">{props.legend}</legend>
          {props.choices.map((c) => (
            <label key={String(c)} className="time-choice" data-testid={`${props.testId}-choice`} data-value={c}>
              <input
                type="radio"
                name={props.testId}
                value={String(c)}
                checked={choice === c}
                onChange={() => setChoice(c)}
              />
              <span>{props.label(c)}</span>
            </label>
          ))}
        </fieldset>
        <FormAlert message={error} testId={`${props.testId}-error`} />
        <div className="board-dialog__actions">
          <button type="button" className="btn btn-secondary" onClick={close} disabled={sending}>
            {t('staff.board.times.back')}
          </button>
          <button
            type="submit"
            className={`btn ${props.confirmClass}`}
            disabled={sending || choice === null}
            data-testid={`${props.testId}-confirm`}
          >
            {props.confirm(choice, sending)}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** "Accept, ready in N min": the diner's estimate then follows the kitchen's word. */
export function AcceptOrderDialog(props: {
  number: string;
  onAccept: (delayMinutes: number) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const minutes = (n: number) => t('staff.board.times.minutes', { count: n });
  return (
    <ChoiceDialog<number>
      testId="accept-dialog"
      title={t('staff.board.times.acceptTitle', { number: props.number })}
      lead={t('staff.board.times.acceptLead')}
      legend={t('staff.board.times.readyIn')}
      choices={ACCEPT_DELAY_CHOICES}
      initial={DEFAULT_DELAY}
      label={minutes}
      confirm={(n, sending) =>
        sending
          ? t('staff.board.moving')
          : t('staff.board.times.acceptConfirm', { minutes: n === null ? '' : minutes(n) })
      }
      confirmClass="btn-primary"
      onSend={props.onAccept}
      onClose={props.onClose}
    />
  );
}

/** Declining asks why, from the list the diner reads in their own language. */
export function DeclineOrderDialog(props: {
  number: string;
  onDecline: (reason: DeclineReason) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ChoiceDialog<DeclineReason>
      testId="decline-dialog"
      title={t('staff.board.times.declineTitle', { number: props.number })}
      lead={t('staff.board.times.declineLead')}
      legend={t('staff.board.times.declineReason')}
      choices={DECLINE_REASONS}
      initial={null}
      label={(reason) => declineReasonLabel(reason, language)}
      confirm={(_, sending) => (sending ? t('staff.board.canceling') : t('staff.board.times.decline'))}
      confirmClass="btn-danger"
      onSend={props.onDecline}
      onClose={props.onClose}
    />
  );
}
