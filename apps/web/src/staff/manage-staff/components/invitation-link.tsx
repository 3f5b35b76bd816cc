import type { StaffInvitation } from '@sufra/shared/schemas/staff-admin';
import { useId, useState } from 'react';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';

/**
 * After an invitation: its one-time link and a Copy button; the words say it was e-mailed (when e-mail is set up,
 * docs/adr/0621) or that it must be handed over by hand.
 */
export function InvitationLink({
  name,
  invitation,
  onDone,
}: {
  name: string;
  invitation: StaffInvitation;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const linkId = useId();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const date = new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Asia/Riyadh',
  }).format(new Date(invitation.expiresAt));

  return (
    <section className="manage-staff__link" aria-labelledby={`${linkId}-title`} data-testid="staff-invite-link">
      <h2 id={`${linkId}-title`}>
        {t(invitation.emailedTo ? 'manageStaff.linkEmailedTitle' : 'manageStaff.linkTitle', { name })}
      </h2>
      {invitation.emailedTo ? (
        <p data-testid="staff-invite-emailed">
          {t('manageStaff.linkEmailed', { email: `\u2066${invitation.emailedTo}\u2069`, date })}
        </p>
      ) : (
        <p>{t('manageStaff.linkHandOver', { name, date })}</p>
      )}
      <label htmlFor={linkId}>{t('manageStaff.linkLabel')}</label>
      <div className="manage-staff__link-row">
        <input
          id={linkId}
          className="input input--ltr"
          dir="ltr"
          readOnly
          value={invitation.link}
          onFocus={(e) => e.target.select()}
          data-testid="staff-invite-link-value"
        />
        <button
          type="button"
          className="btn btn-primary"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(invitation.link);
              setCopy('copied');
            } catch {
              // No clipboard (an insecure origin, a refused permission): the link stays on screen, selectable.
              setCopy('failed');
            }
          }}
          data-testid="staff-invite-copy"
        >
          {copy === 'copied' ? t('manageStaff.copied') : t('manageStaff.copy')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onDone} data-testid="staff-invite-done">
          {t('manageStaff.done')}
        </button>
      </div>
      <p role="status" className="console-muted">
        {copy === 'failed' ? t('manageStaff.copyFailed') : copy === 'copied' ? t('manageStaff.copied') : ''}
      </p>
    </section>
  );
}
