import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import './form.css';

/** What a control needs to be tied to its label and its error (screen readers announce both). */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface Props {
  id: string;
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled control with its hint and its error underneath (`aria-invalid` + `aria-describedby`). */
export function FormField({ id, label, error, hint, optional = false, className = '', children }: Props) {
  const { t } = useTranslation();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${error ? 'field--invalid' : ''} ${className}`.trim()}>
      <label htmlFor={id} className="field__label">
        {label}
        {optional && <span className="field__optional"> ({t('form.optional')})</span>}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A form-level message (server errors that belong to no field), announced when it appears. */
export function FormAlert({ message, testId = 'form-alert' }: { message: string | null | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <p className="form-alert" role="alert" data-testid={testId}>
      {message}
    </p>
  );
}
