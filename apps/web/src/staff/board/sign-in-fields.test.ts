import { describe, expect, it } from 'vitest';
import { signInFieldErrors } from './sign-in-fields';

describe('staff sign-in fields', () => {
  it('asks for both fields when they are empty, in the interface language', () => {
    expect(signInFieldErrors('', '', 'en')).toEqual({
      email: 'Email field is required',
      password: 'This field can not be empty',
    });
    expect(signInFieldErrors('  ', '', 'ar')).toEqual({
      email: 'حقل البريد الإلكتروني مطلوب',
      password: 'لا يمكن ترك هذا الحقل فارغًا',
    });
  });

  it('refuses an address that is not an email', () => {
    expect(signInFieldErrors('manager@', 'secret', 'en')).toEqual({ email: 'Ensure the email is valid' });
  });

  it('finds nothing wrong with an email around spaces and any password', () => {
    expect(signInFieldErrors(' manager@sufra.example ', ' ', 'en')).toEqual({});
  });
});
