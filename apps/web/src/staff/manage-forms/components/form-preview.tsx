import type { Language } from '@sufra/shared/language';
import { formatNumber } from '../../../lib/format-number';
import { useTranslation } from '../../../lib/use-translation';
import type { FormDraft } from '../forms-draft';

/** The questions as a diner reads them in the page's language (the optional ones marked), never sent anywhere. */
export function Preview({ draft, language }: { draft: FormDraft; language: Language }) {
  const { t } = useTranslation();
  const name = language === 'ar' ? draft.nameAr : draft.nameEn;
  return (
    <aside className="manage-forms__preview" aria-labelledby="form-preview-title" data-testid="form-preview">
      <h2 id="form-preview-title">{t('manageForms.preview')}</h2>
      <p className="field__hint">{t('manageForms.previewLead')}</p>
      <h3>{name}</h3>
      <ol className="manage-forms__preview-questions">
        {draft.questions.map((q, index) => (
          <li key={q.key} data-testid="preview-question">
            <span>{`${formatNumber(index + 1, language)}. ${language === 'ar' ? q.labelAr : q.labelEn}`}</span>{' '}
            {!q.required && <span className="field__hint">{t('manageForms.optional')}</span>}
            {q.kind === 'rating' && <div aria-hidden="true">★★★★★</div>}
            {(q.kind === 'single' || q.kind === 'multiple') && (
              <ul className="manage-forms__preview-options">
                {q.options.map((o) => (
                  <li key={o.key}>
                    {q.kind === 'single' ? '○' : '☐'} {language === 'ar' ? o.ar : o.en}
                  </li>
                ))}
              </ul>
            )}
            {q.kind === 'text' && <div className="manage-forms__preview-text" aria-hidden="true" />}
          </li>
        ))}
      </ol>
    </aside>
  );
}
