import { z } from 'zod';
import { customerSchema, registrationProfile } from './customer.ts';

/**
 * Customer sign-in by phone (issue 3, DESIGN §6). Every customer call names the QR uuid in its path:
 * the uuid gives the brand, and a customer belongs to one brand (the same phone at two brands is two customers).
 *
 *   POST /api/auth/{uuid}/otp/           send a 4-digit code       → 202 otpRequestResponse (same answer, known number or not)
 *   POST /api/auth/{uuid}/otp/verify/    code (+ profile to register) → 200 sessionResponse, sets the session cookies
 *   POST /api/auth/{uuid}/refresh/       rotates the refresh cookie  → 200 sessionResponse
 *   POST /api/auth/{uuid}/logout/        revokes the token family    → 204, clears the cookies
 */

/** The spec's phone parse result; the server parses it with shared/phone/phone-number.ts. */
export const phoneInput = z.object({
  phone_number: z.string().max(32),
  dial_code: z.string().max(8).optional(),
});
export type PhoneInputBody = z.infer<typeof phoneInput>;

export const otpPurpose = z.enum(['sign_in', 'change_phone']);
export type OtpPurpose = z.infer<typeof otpPurpose>;

export const otpRequestBody = z.object({
  phone: phoneInput,
  /** sign_in (default): register or sign in. change_phone: needs a signed-in customer; the code goes to the new number. */
  purpose: otpPurpose.default('sign_in'),
});
export type OtpRequestBody = z.input<typeof otpRequestBody>;

export const otpRequestResponse = z.object({
  /** Opaque id binding the code to this request; the verify call must send it back. */
  requestId: z.string(),
  /** The number the code went to, E.164 (what the diner typed, normalised). */
  phone: z.string(),
  expiresAt: z.iso.datetime(),
  /** Earliest time a new code may be asked for (the resend button counts down to it). */
  resendAt: z.iso.datetime(),
  codeLength: z.literal(4),
});
export type OtpRequestResponse = z.infer<typeof otpRequestResponse>;

/** 4 ASCII digits (the client converts Arabic-Indic digits before sending). */
export const otpCode = z.string().regex(/^\d{4}$/);

export const otpVerifyBody = z.object({
  requestId: z.string().min(1).max(64),
  code: otpCode,
  /**
   * Registration fields. Absent: sign in an existing customer; an unknown number then answers 409
   * registration_required and the code stays usable (until it expires) for a second call with the profile.
   * Present for a number already registered: signs in, profile untouched, `created: false`
   * (the app shows "You are already registered").
   */
  profile: registrationProfile.optional(),
  /**
   * A friend's referral code (from /reference/{code}, or typed), read only when this call registers: an unknown code
   * answers 422 "Invalid referral code" and the verification code stays usable; an empty one "Referral code is
   * required". Ignored for a number already registered.
   */
  referralCode: z.string().max(64).optional(),
});
export type OtpVerifyBody = z.infer<typeof otpVerifyBody>;

/** What the client may know of its session: the tokens themselves live in httpOnly cookies only. */
export const sessionInfo = z.object({
  accessExpiresAt: z.iso.datetime(),
  refreshExpiresAt: z.iso.datetime(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;

export const sessionResponse = z.object({
  customer: customerSchema,
  session: sessionInfo,
  /** Verify only: true when this call created the customer. */
  created: z.boolean().optional(),
});
export type SessionResponse = z.infer<typeof sessionResponse>;
