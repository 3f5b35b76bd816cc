/**
 * Referral (issue 17, DESIGN §7): a diner's code and link, a friend's phone as a lead, and rewards to both once the
 * friend really orders. The lead's life is this table, pure data, used by the API (every write is a conditional
 * update from an allowed state) and by the web page (the status labels), and checked by property tests.
 *
 * Our reading of the spec's five statuses (docs/adr/0097-referral-statuses-exactly-once.md):
 * - pending: the diner entered a friend's phone; the friend has not registered yet.
 * - joined: the friend registered through the diner's link or code (a lead is made then if there was none).
 * - active: the friend's first order is under way (staff moved it on the board); no reward yet.
 * - converted: the friend's first completed, paid order: both are rewarded, exactly once.
 * - declined: that order was refunded within the brand's window: both rewards are clawed back, and the lead ends.
 *   A refund after the window leaves the conversion standing.
 */
export const LEAD_STATUSES = ['pending', 'joined', 'active', 'converted', 'declined'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** What can happen to a lead. */
export const LEAD_EVENTS = ['friend_registered', 'order_under_way', 'order_completed', 'order_refunded'] as const;
export type LeadEvent = (typeof LEAD_EVENTS)[number];

/** The machine: from a status, an event leads to the next status; an event missing from a row changes nothing. */
export const LEAD_TRANSITIONS: Readonly<Record<LeadStatus, Partial<Record<LeadEvent, LeadStatus>>>> = {
  pending: { friend_registered: 'joined' },
  joined: { order_under_way: 'active', order_completed: 'converted' },
  active: { order_completed: 'converted' },
  converted: { order_refunded: 'declined' },
  declined: {},
};

/** The status an event leads to, or null when the event does not move this lead. */
export function nextLeadStatus(status: LeadStatus, event: LeadEvent): LeadStatus | null {
  return LEAD_TRANSITIONS[status][event] ?? null;
}

/** The statuses from which an event moves a lead (what the conditional update's `where status in (…)` lists). */
export function leadStatusesMovedBy(event: LeadEvent): LeadStatus[] {
  return LEAD_STATUSES.filter((s) => LEAD_TRANSITIONS[s][event] !== undefined);
}

/** What a move gives: conversion rewards both, a decline takes both rewards back; nothing else touches points. */
export function rewardEffect(from: LeadStatus, to: LeadStatus): 'reward' | 'claw_back' | 'none' {
  if (to === 'converted' && from !== 'converted') return 'reward';
  if (from === 'converted' && to === 'declined') return 'claw_back';
  return 'none';
}

/** A brand's referral rule. */
export interface ReferralRules {
  /** Points to the diner who referred, on conversion. */
  referrerPoints: number;
  /** Points to the friend, on conversion. */
  friendPoints: number;
  /** A refund of the converting order within this many days of conversion claws both rewards back. */
  refundWindowDays: number;
}

/** A refund at `refundedAt` claws back a conversion made at this time or later (the window's start). */
export function refundWindowStart(refundedAt: Date, rules: Pick<ReferralRules, 'refundWindowDays'>): Date {
  return new Date(refundedAt.getTime() - rules.refundWindowDays * 86_400_000);
}

/**
 * Referral codes: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L), so a code read aloud at a
 * counter or typed from a screenshot comes out right. Typed codes are trimmed and upper-cased, and Arabic-Indic
 * digits become ASCII, before they are looked up.
 */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;

export function normalizeReferralCode(typed: string): string {
  return typed
    .trim()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\s-]/g, '')
    .toUpperCase();
}

/** Whether a normalised code could be one of ours (the lookup answers the rest). */
export function isReferralCodeShape(code: string): boolean {
  return code.length === REFERRAL_CODE_LENGTH && [...code].every((c) => REFERRAL_CODE_ALPHABET.includes(c));
}

/** A code from random bytes (the server passes crypto.randomBytes(REFERRAL_CODE_LENGTH)). */
export function referralCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < REFERRAL_CODE_LENGTH) throw new Error('not enough random bytes for a referral code');
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++) {
    code += REFERRAL_CODE_ALPHABET[(bytes[i] as number) % REFERRAL_CODE_ALPHABET.length];
  }
  return code;
}
