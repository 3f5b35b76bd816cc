import type { Language } from '@sufra/shared/language';
import type {
  LevelsBody,
  LevelsPreview,
  LoyaltyLevelsAdmin,
  LoyaltyRulesAdmin,
  LoyaltyRulesBody,
  ReferralRulesAdmin,
  ReferralRulesBody,
} from '@sufra/shared/schemas/loyalty-admin';
import { staffRequest } from '../../../lib/staff-request';

/** Query keys of the loyalty console's pages (under 'staff': signing out clears them). */
export const loyaltyRulesKey = (language: Language) => ['staff', 'manage', 'loyalty', 'rules', language] as const;
export const loyaltyLevelsKey = (language: Language) => ['staff', 'manage', 'loyalty', 'levels', language] as const;
export const referralRulesKey = (language: Language) => ['staff', 'manage', 'loyalty', 'referral', language] as const;

/** `GET /api/staff/manage/loyalty/rules/`: the points rule with its version and the brand's branches. */
export function getLoyaltyRules(language: Language): Promise<LoyaltyRulesAdmin> {
  return staffRequest<LoyaltyRulesAdmin>('/staff/manage/loyalty/rules/', { language });
}

/** `PUT /api/staff/manage/loyalty/rules/`: saves at the version read; 409 edit_conflict carries `details.theirs`. */
export function saveLoyaltyRules(body: LoyaltyRulesBody, language: Language): Promise<LoyaltyRulesAdmin> {
  return staffRequest<LoyaltyRulesAdmin>('/staff/manage/loyalty/rules/', { language, method: 'PUT', body });
}

/** `GET /api/staff/manage/loyalty/levels/`: the levels with the diners in each now. */
export function getLoyaltyLevels(language: Language): Promise<LoyaltyLevelsAdmin> {
  return staffRequest<LoyaltyLevelsAdmin>('/staff/manage/loyalty/levels/', { language });
}

/** `POST /api/staff/manage/loyalty/levels/preview/`: what a proposed set would do, nothing written. */
export function previewLoyaltyLevels(body: LevelsBody, language: Language): Promise<LevelsPreview> {
  return staffRequest<LevelsPreview>('/staff/manage/loyalty/levels/preview/', { language, method: 'POST', body });
}

/** `PUT /api/staff/manage/loyalty/levels/`: the whole set at the version read; a level left out is retired. */
export function saveLoyaltyLevels(body: LevelsBody, language: Language): Promise<LoyaltyLevelsAdmin> {
  return staffRequest<LoyaltyLevelsAdmin>('/staff/manage/loyalty/levels/', { language, method: 'PUT', body });
}

/** `GET /api/staff/manage/loyalty/referral/`: the referral rule with its version. */
export function getReferralRules(language: Language): Promise<ReferralRulesAdmin> {
  return staffRequest<ReferralRulesAdmin>('/staff/manage/loyalty/referral/', { language });
}

/** `PUT /api/staff/manage/loyalty/referral/`: saves at the version read. */
export function saveReferralRules(body: ReferralRulesBody, language: Language): Promise<ReferralRulesAdmin> {
  return staffRequest<ReferralRulesAdmin>('/staff/manage/loyalty/referral/', { language, method: 'PUT', body });
}
