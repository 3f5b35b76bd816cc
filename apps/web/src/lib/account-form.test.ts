import { describe, expect, it } from 'vitest';
import {
  clearFixedErrors,
  dialOptionLabel,
  editedProfileProblems,
  emailError,
  fieldName,
  nameError,
  normaliseCode,
  phoneError,
  splitApiError,
} from './account-form';
import { ApiError } from './api-client';

const wait = (seconds: number) => `(${seconds}s)`;

describe('account form rules', () => {
  it('uses the spec messages for the phone, in both languages', () => {
    expect(phoneError({ dial: '966', number: '' }, 'en')).toBe('Number field is required');
    expect(phoneError({ dial: '966', number: '12' }, 'en')).toBe('Ensure the number is valid');
    expect(phoneError({ dial: '966', number: '12' }, 'ar')).toBe('تأكد من صحة الرقم');
    expect(phoneError({ dial: '966', number: '0501234567' }, 'en')).toBeNull();
    expect(phoneError({ dial: '966', number: '٠٥٠١٢٣٤٥٦٧' }, 'en')).toBeNull();
    expect(phoneError({ dial: '999', number: '501234567' }, 'en')).toBe('This country code is not known');
  });

  it('accepts an empty email and refuses a malformed one', () => {
    expect(emailError('', 'en')).toBeNull();
    expect(emailError('  ', 'en')).toBeNull();
    expect(emailError('Sara@Example.SA', 'en')).toBeNull();
    expect(emailError('sara@', 'en')).toBe('Ensure the email is valid');
  });

  it('requires a name', () => {
    expect(nameError('  ', 'en')).toBe('Name field is required');
    expect(nameError('  ', 'ar')).toBe('حقل الاسم مطلوب');
    expect(nameError('Sara', 'en')).toBeNull();
  });

  it('keeps only four ASCII digits of the code, converting Arabic-Indic digits', () => {
    expect(normaliseCode('١٢٣٤')).toBe('1234');
    expect(normaliseCode('12a3 4 5')).toBe('1234');
    expect(normaliseCode('۱۲')).toBe('12');
  });

  it('maps server field paths to the form fields', () => {
    expect(fieldName('profile.fullName')).toBe('fullName');
    expect(fieldName('phone.phone_number')).toBe('phone');
    expect(fieldName('phone')).toBe('phone');
    expect(fieldName('location.lat')).toBe('location');
  });

  it('puts server field errors under their fields and the rest in the form message', () => {
    const error = new ApiError({
      code: 'validation_failed',
      status: 400,
      message: 'Some fields are empty or wrong',
      fields: { 'profile.email': 'Ensure the email is valid', 'profile.extra': 'no' },
    });
    expect(splitApiError(error, 'en', ['email', 'fullName'], wait)).toEqual({
      fields: { email: 'Ensure the email is valid' },
      form: 'no',
    });
  });

  it('places a field-specific code under its field when the server names no field', () => {
    const error = new ApiError({ code: 'phone_in_use', status: 409, message: 'This phone number is used' });
    expect(splitApiError(error, 'en', ['phone'], wait)).toEqual({
      fields: { phone: 'This phone number is used' },
      form: null,
    });
  });

  it('names the wait of a 429', () => {
    const error = new ApiError({ code: 'otp_send_limited', status: 429, message: 'Too many codes', retryAfter: 42 });
    expect(splitApiError(error, 'en', ['phone'], wait)).toEqual({ fields: {}, form: 'Too many codes (42s)' });
  });

  it('puts the wait after wrong codes under the code field, with its time', () => {
    const error = new ApiError({
      code: 'sign_in_throttled',
      status: 429,
      message: 'Too many wrong tries',
      retryAfter: 60,
    });
    expect(splitApiError(error, 'en', ['code'], wait)).toEqual({
      fields: { code: 'Too many wrong tries (60s)' },
      form: null,
    });
  });

  it('shows a generic message for anything that is not an API error', () => {
    expect(splitApiError(new Error('x'), 'en', [], wait).form).toBe('An unknown error occurred');
  });
});

describe('field errors while the diner fixes them', () => {
  const profile = { fullName: 'Sara', email: 'sara@', ageGroup: '', gender: '', city: '' };
  const errors = { email: 'Ensure the email is valid', fullName: 'Name field is required', phone: 'x' };

  it("drops an edited field's error as soon as its value is valid, keeping the others", () => {
    const fixed = { ...profile, email: 'sara@example.sa' };
    expect(clearFixedErrors(errors, editedProfileProblems(profile, fixed, 'en'))).toEqual({
      fullName: 'Name field is required',
      phone: 'x',
    });
  });

  it('keeps the error while the value is still wrong, and answers the same object when nothing changes', () => {
    const still = { ...profile, email: 'sara@example' };
    expect(clearFixedErrors(errors, editedProfileProblems(profile, still, 'en'))).toBe(errors);
    expect(clearFixedErrors(errors, { city: null })).toBe(errors);
  });

  it("lets any change to a choice or the city clear the server's complaint about it", () => {
    const before = { ...profile, gender: '' };
    const after = { ...profile, gender: 'female' };
    expect(clearFixedErrors({ gender: 'bad' }, editedProfileProblems(before, after, 'en'))).toEqual({});
  });
});

describe('the country picker', () => {
  it('isolates the dial code so an Arabic name cannot reorder it (never "…ية 966+")', () => {
    expect(dialOptionLabel('966', 'السعودية')).toBe('\u2066+966\u2069 السعودية');
    expect(dialOptionLabel('971')).toBe('\u2066+971\u2069');
  });
});
