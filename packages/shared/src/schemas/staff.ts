import { z } from 'zod';
import { sessionInfo } from './auth.ts';
import { localizedText, serviceSchema } from './common.ts';

/**
 * Staff (issue 3): owner, manager, cashier; each scoped to one brand and a set of branches
 * (an owner: every branch of the brand). Own cookies, same token mechanism as customers.
 *
 *   POST  /api/staff/auth/login/          email + password        → 200 staffSessionResponse (rate-limited: 429 + Retry-After)
 *   POST  /api/staff/auth/refresh/                                 → 200 staffSessionResponse
 *   POST  /api/staff/auth/logout/                                  → 204
 *   GET   /api/staff/me/                                           → 200 staffUserSchema
 *   GET   /api/staff/branches/            the branches in scope    → 200 { branches }
 *   PATCH /api/staff/branches/{id}/       manager/owner: manual open switch → 200 staffBranchSchema (cashier: 403)
 *   GET   /api/staff/users/               manager/owner: the brand's staff  → 200 { users } (cashier: 403)
 *   GET   /api/staff/sms-outbox/          manager/owner, when SMS_OUTBOX_VISIBLE: latest messages of the brand → 200
 */
export const STAFF_ROLES = ['owner', 'manager', 'cashier'] as const;
export const staffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRole>;

export const staffLoginBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()).pipe(z.string().max(254)),
  password: z.string().min(1).max(200),
});
export type StaffLoginBody = z.input<typeof staffLoginBody>;

/** The branch's IANA time zone ("Asia/Riyadh") lets the order board show times as the branch's clock reads. */
export const staffBranchRef = z.object({ id: z.number().int(), name: localizedText, timeZone: z.string() });

export const staffUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: staffRole,
  brand: z.object({ id: z.number().int(), name: localizedText }),
  branches: z.array(staffBranchRef),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

export const staffSessionResponse = z.object({ user: staffUserSchema, session: sessionInfo });
export type StaffSessionResponse = z.infer<typeof staffSessionResponse>;

export const staffBranchSchema = z.object({
  id: z.number().int(),
  name: localizedText,
  status: z.enum(['open', 'closed']),
  /** The manager's manual switch (branches.is_open): false closes the branch whatever its hours say. */
  isOpen: z.boolean(),
});
export const staffBranchListResponse = z.object({ branches: z.array(staffBranchSchema) });
export const staffBranchUpdateBody = z.object({ isOpen: z.boolean() });

export const staffUserListResponse = z.object({
  users: z.array(staffUserSchema.omit({ brand: true })),
});

export const smsOutboxEntry = z.object({
  id: z.number().int(),
  /** E.164. */
  to: z.string(),
  body: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});
export type SmsOutboxEntry = z.infer<typeof smsOutboxEntry>;
export const smsOutboxResponse = z.object({ messages: z.array(smsOutboxEntry) });

/** A brand-wide service switch as managers see and set it (issue 15: the loyalty services). */
export const serviceSwitchSchema = z.object({ service: serviceSchema, isActive: z.boolean() });
export const serviceSwitchListResponse = z.object({ services: z.array(serviceSwitchSchema) });
export type ServiceSwitchList = z.infer<typeof serviceSwitchListResponse>;
export const serviceSwitchParams = z.object({ service: serviceSchema });
export const serviceSwitchBody = z.object({ isActive: z.boolean() });
