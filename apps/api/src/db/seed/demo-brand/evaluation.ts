import type { SeedEvaluationForm } from '../seed-types.ts';
import { t } from './entries.ts';

/** The demo's evaluation form: one question of each kind, points for answering, low at two stars or fewer. */
export const DEMO_EVALUATION: SeedEvaluationForm = {
  name: t('قيّم زيارتك', 'Rate your visit'),
  pointsReward: 50,
  lowRatingThreshold: 2,
  apologyRewardName: 'Apology: SAR 20 off',
  questions: [
    { kind: 'rating', label: t('كيف كان الطعام؟', 'How was the food?') },
    { kind: 'rating', label: t('كيف كانت الخدمة؟', 'How was the service?') },
    {
      kind: 'single',
      label: t('هل وصل طلبك في الوقت المناسب؟', 'Did your order arrive on time?'),
      options: [t('نعم', 'Yes'), t('تأخر قليلًا', 'A little late'), t('تأخر كثيرًا', 'Very late')],
    },
    {
      kind: 'multiple',
      label: t('ما الذي أعجبك؟', 'What did you like?'),
      // Optional, as the words below: a diner who liked nothing still rates (issue 24 item 9).
      required: false,
      options: [
        t('الطعم', 'The taste'),
        t('الكمية', 'The portion'),
        t('السعر', 'The price'),
        t('التغليف', 'The packaging'),
      ],
    },
    { kind: 'text', label: t('أخبرنا بالمزيد', 'Tell us more'), required: false },
  ],
};
