import type { Language } from '@sufra/shared/language';
import type { RewardShop } from '@sufra/shared/loyalty/rewards';
import type {
  ManageReward,
  ManageRewardsResponse,
  RewardBody,
  RewardCatalogueStatus,
  RewardImageResponse,
} from '@sufra/shared/schemas/manage-rewards';
import type { AdminMenuResponse } from '@sufra/shared/schemas/menu-admin';
import { staffRequest } from '../../../lib/staff-request';

const BASE = '/staff/manage/rewards';

/** Query keys start with 'staff'; every write invalidates the prefix. */
export const rewardsPrefix = ['staff', 'manage', 'rewards'] as const;
export const rewardsKey = (shop: RewardShop, status: RewardCatalogueStatus, language: Language) =>
  [...rewardsPrefix, shop, status, language] as const;
export const rewardItemsKey = (language: Language) => ['staff', 'manage', 'rewards-items', language] as const;

/** `GET /api/staff/manage/rewards/`: one shop's rewards, active or retired. */
export function listRewards(shop: RewardShop, status: RewardCatalogueStatus, language: Language) {
  return staffRequest<ManageRewardsResponse>(`${BASE}/?shop=${shop}&status=${status}`, { language });
}

/** The menu's items and choice groups, for a free-item reward's item and its required choices. */
export function listMenuForRewards(language: Language) {
  return staffRequest<AdminMenuResponse>('/staff/manage/menu/', { language });
}

/** `POST /api/staff/manage/rewards/images/`: the photo, checked and re-encoded by the server. */
export function uploadRewardImage(file: File, language: Language): Promise<RewardImageResponse> {
  const body = new FormData();
  body.append('image', file);
  return staffRequest<RewardImageResponse>(`${BASE}/images/`, { language, method: 'POST', body });
}

export function saveReward(id: number | null, body: RewardBody & { version?: number }, language: Language) {
  return staffRequest<ManageReward>(id === null ? `${BASE}/` : `${BASE}/${id}/`, {
    language,
    method: id === null ? 'POST' : 'PUT',
    body,
  });
}

export function retireReward(id: number, version: number, language: Language) {
  return staffRequest<ManageReward>(`${BASE}/${id}/retire/`, { language, method: 'POST', body: { version } });
}
