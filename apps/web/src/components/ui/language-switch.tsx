import { switchLanguage } from '../../lib/language';
import { useLanguage } from '../../lib/use-language';
import { useTranslation } from '../../lib/use-translation';

/** Shows the other language's name in that language; its accessible name is given in both languages. */
export function LanguageSwitch({ className = 'btn btn-ghost language-switch' }: { className?: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const other = language === 'ar' ? 'en' : 'ar';
  return (
    <button
      type="button"
      className={className}
      data-testid="language-switch"
      aria-label={t('app.languageSwitch')}
      lang={other}
      onClick={() => void switchLanguage(other)}
    >
      {t('app.otherLanguage')}
    </button>
  );
}
