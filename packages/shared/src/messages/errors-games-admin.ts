import type { ErrorEntry } from './error-entry.ts';

/** The games page of the management console (issue 27 item 4). */
export const GAMES_ADMIN_ERRORS = {
  game_brand_wide_owner_only: {
    status: 403,
    en: 'Only an owner can change a game for every branch',
    ar: 'لا يغيّر اللعبة لكل الفروع إلا المالك',
  },
  game_stock_below_won: {
    status: 409,
    en: 'The stock cannot be below the prizes already won',
    ar: 'لا يمكن أن يقل المخزون عن الجوائز التي رُبحت',
  },
  game_window_invalid: {
    status: 422,
    en: 'The end must come after the start',
    ar: 'يجب أن تكون النهاية بعد البداية',
  },
  game_segment_prize_invalid: {
    status: 422,
    en: 'A reward segment needs a reward, a points segment needs points, and "try again" has neither',
    ar: 'شريحة المكافأة تحتاج مكافأة، وشريحة النقاط تحتاج نقاطًا، و«حاول مرة أخرى» بلا أي منهما',
  },
  game_needs_prize: {
    status: 422,
    en: 'A game needs at least one prize segment',
    ar: 'تحتاج اللعبة إلى شريحة جائزة واحدة على الأقل',
  },
  game_segment_not_found: {
    status: 404,
    en: "This segment isn't part of the game",
    ar: 'هذه الشريحة ليست من اللعبة',
  },
  game_segment_has_draws: {
    status: 409,
    en: 'A segment that was already drawn cannot be removed; set its stock to what was won instead',
    ar: 'لا يمكن حذف شريحة سبق سحبها؛ اجعل مخزونها مساويًا لما رُبح بدلًا من ذلك',
  },
} as const satisfies Record<string, ErrorEntry>;
