import type { Language } from '@sufra/shared/language';
import type { Lead } from '@sufra/shared/schemas/referral';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';

const formats = new Map<Language, Intl.DateTimeFormat>();
/** Gregorian in Arabic too (as the loyalty pages), in the interface's digits. */
function formatDay(iso: string, language: Language): string {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA-u-ca-gregory' : 'en-SA', { dateStyle: 'medium' });
    formats.set(language, format);
  }
  return format.format(new Date(iso));
}

/** The diner's friends, newest first: who (first name once registered, else the hidden number), status, since. */
export function LeadList({ leads }: { leads: Lead[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section aria-labelledby="referral-leads-title" className="referral-leads">
      <h2 id="referral-leads-title">{t('referral.leadsTitle')}</h2>
      {leads.length === 0 ? (
        <p className="state-box" data-testid="no-leads">
          {t('referral.noLeads')}
        </p>
      ) : (
        <ul className="referral-leads__list" data-testid="leads">
          {leads.map((lead) => (
            <li key={lead.id} className="referral-lead" data-testid="lead" data-status={lead.status}>
              <div className="referral-lead__top">
                {lead.friendName ? (
                  <span className="referral-lead__name">{lead.friendName}</span>
                ) : (
                  <span className="referral-lead__phone" dir="ltr">
                    {lead.phoneMasked}
                  </span>
                )}
                <span className={`pill referral-lead__status referral-lead__status--${lead.status}`}>
                  {t(`referral.status.${lead.status}`)}
                </span>
              </div>
              <p className="referral-page__small">{t(`referral.statusHint.${lead.status}`)}</p>
              <p className="referral-page__small">
                {t('referral.invitedOn', { date: formatDay(lead.createdAt, language) })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
