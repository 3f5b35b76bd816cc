import { formatSar } from '@sufra/shared/money';
import type { LoyaltyProgramme } from '@sufra/shared/schemas/loyalty';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';

/** One sentence: how many points a riyal earns and what a point is worth. */
export function HowToEarn({ rules }: { rules: LoyaltyProgramme['rules'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <p className="how-to-earn" data-testid="how-to-earn">
      {t('loyalty.howToEarn', {
        points: formatNumber(rules.earnPointsPerSar, language),
        value: formatSar(rules.pointValueHalalas, language),
      })}
    </p>
  );
}
