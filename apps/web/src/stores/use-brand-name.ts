import { useLanguage } from '../lib/use-language';
import { useTranslation } from '../lib/use-translation';
import { useAppSelector } from './root-state';

/**
 * The name a diner's page goes by (its tab title): the restaurant's, in the interface language. The platform's own
 * name only while the restaurant is not known yet (issue 13 item 20: the brand's diners saw "Sufra").
 */
export function useBrandName(): string {
  const language = useLanguage();
  const { t } = useTranslation();
  const brand = useAppSelector((s) => s.establishment.establishment?.brand.name[language]);
  return brand ?? t('app.name');
}
