import type { ReactNode } from 'react';
import { type ControlProps, FormField } from '../../../components/ui/form-field';

/**
 * A form's row on a desktop page: the label beside its control (under it on a narrow screen), with the hint and the
 * error under the control. The house's FormField underneath (label, aria-invalid, aria-describedby).
 */
export function FieldRow(props: {
  id: string;
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
  optional?: boolean;
  children: (control: ControlProps) => ReactNode;
}) {
  return <FormField {...props} className="console-field-row" />;
}
