import type { Language } from '@sufra/shared/language';
import { formatSar } from '@sufra/shared/money';
import type { Branch } from '@sufra/shared/schemas/branch';
import { useTranslation } from '../../../lib/use-translation';
import '../../../components/ui/option-card.css';

export function ZoneFee({ zone, language }: { zone: Branch['deliveryZones'][number]; language: Language }) {
  const { t } = useTranslation();
  return (
    <span className="option-card__meta" data-testid="zone-fee">
      {t('ordering.deliveryFee', { fee: formatSar(zone.feeHalalas, language), zone: zone.name[language] })}
      {zone.minimumOrderHalalas > 0 && (
        <> · {t('ordering.minimumOrder', { amount: formatSar(zone.minimumOrderHalalas, language) })}</>
      )}
    </span>
  );
}
