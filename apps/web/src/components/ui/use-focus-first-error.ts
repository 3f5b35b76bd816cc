import { type RefObject, useEffect } from 'react';

/** After a refused submit, focus moves to the first invalid control of the form (keyboard and screen-reader users). */
export function useFocusFirstError(form: RefObject<HTMLElement | null>, errors: object) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for every new errors object on purpose
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
}
