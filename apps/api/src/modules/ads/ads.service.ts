import { imageUrl } from '@sufra/shared/host-rule';
import type { Language } from '@sufra/shared/language';
import type { Popup, SliderResponse } from '@sufra/shared/schemas/ads';
import type { AppContext } from '../../app-context.ts';
import type { BranchesService } from '../../core/branch-context.service.ts';
import { findActivePopup, listActiveSlides } from './ads.repo.ts';

/** Images uploaded in the console are served by this API (`/api/ads/images/…`), not the image host. */
function adImageUrl(path: string, imageHost: string): string | null {
  return path.startsWith('/api/') ? path : imageUrl(path, imageHost);
}

export function createAdsService(ctx: AppContext, branches: BranchesService) {
  const { db, config } = ctx;
  return {
    /** The active pop-up for a branch in `language`, or null (the route answers 204). */
    async getPopup(branchId: number, language: Language): Promise<Popup | null> {
      const { branch } = await branches.requireActiveBranch(branchId);
      const popup = await findActivePopup(db, branch.brandId, branch.id, ctx.now(), branch.timeZone);
      if (!popup) return null;
      return {
        id: popup.id,
        background_image: adImageUrl(popup.backgroundImage, config.imageHost) ?? '',
        popup_text: language === 'ar' ? popup.textAr : popup.textEn,
        button_text: language === 'ar' ? popup.buttonTextAr : popup.buttonTextEn,
        redirect_url: popup.redirectUrl,
      };
    },

    async getSlider(branchId: number, language: Language): Promise<SliderResponse> {
      const { branch } = await branches.requireActiveBranch(branchId);
      const slides = await listActiveSlides(db, branch.brandId, branch.id, ctx.now(), branch.timeZone);
      return {
        slides: slides.map((s) => ({
          id: s.id,
          image: adImageUrl(s.image, config.imageHost) ?? '',
          width: s.width,
          height: s.height,
          title: language === 'ar' ? s.titleAr : s.titleEn,
          redirect_url: s.redirectUrl,
        })),
      };
    },
  };
}

export type AdsService = ReturnType<typeof createAdsService>;
