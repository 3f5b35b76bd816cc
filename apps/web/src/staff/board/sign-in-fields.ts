import type { Language } from '@sufra/shared/language';
import { errorMessage } from '@sufra/shared/messages/errors';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/i;

export type SignInFieldErrors = { email?: string; password?: string };

/** What is wrong with the staff sign-in's two fields before anything is sent, in the interface language. */
export function signInFieldErrors(email: string, password: string, language: Language): SignInFieldErrors {
  const found: SignInFieldErrors = {};
  if (email.trim() === '') found.email = errorMessage('email_required', language);
  else if (!EMAIL_PATTERN.test(email.trim())) found.email = errorMessage('email_invalid', language);
  if (password === '') found.password = errorMessage('field_required', language);
  return found;
}
