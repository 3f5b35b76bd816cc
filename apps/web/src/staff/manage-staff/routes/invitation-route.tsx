import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { FormAlert, FormField } from '../../../components/ui/form-field';
import { paths } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { acceptInvitation } from '../api/manage-staff';

/** The API's rule for a new password (invitationAcceptBody: 10 to 200 characters). */
const MIN_PASSWORD = 10;

/**
 * The token after '#' (a fragment never reaches a server's logs). It stays in the address until the password is set
 * (the page may mount twice while its strings load, and a reload must still work), then is taken off it.
 */
const readToken = (): string => decodeURIComponent(window.location.hash.slice(1));
const forgetToken = () => window.history.replaceState(window.history.state, '', window.location.pathname);

/**
 * `/staff/invitation#<token>`, the one-time link an owner or manager handed over (issue 26 item 9): the invited
 * person chooses a password, then goes to the staff sign-in.
 */
export default function InvitationRoute() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [token] = useState(readToken);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [done, setDone] = useState(false);
  const accept = useApiMutation((body: { token: string; password: string }) =>
    acceptInvitation(body.token, body.password, language),
  );
  const apiError = accept.error instanceof ApiError ? accept.error : null;
  const passwordError = errors.password ?? (apiError?.fields?.password ? apiError.message : undefined);
  const formError =
    accept.error !== undefined && !apiError?.fields?.password ? errorText(accept.error, language) : null;

  if (done)
    return (
      <div className="page staff-sign-in" data-testid="staff-invitation-done">
        <h1>{t('staffInvitation.doneTitle')}</h1>
        <p className="page__lead">{t('staffInvitation.doneLead')}</p>
        <Link
          href={paths.staff.build()}
          className="btn btn-primary btn-block btn-large"
          data-testid="staff-invitation-sign-in"
        >
          {t('staffInvitation.signIn')}
        </Link>
      </div>
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      password: password.length < MIN_PASSWORD ? t('staffInvitation.tooShort') : undefined,
      confirm: password !== confirm ? t('staffInvitation.mismatch') : undefined,
    };
    setErrors(next);
    if (next.password || next.confirm) return;
    accept.mutate({ token, password }).then(
      () => {
        forgetToken();
        setDone(true);
      },
      () => {},
    );
  };

  return (
    <div className="page staff-sign-in" data-testid="staff-invitation">
      <h1>{t('staffInvitation.title')}</h1>
      <p className="page__lead">{t('staffInvitation.lead')}</p>
      {!token ? (
        <FormAlert message={t('staffInvitation.noToken')} testId="staff-invitation-error" />
      ) : (
        <form className="form" noValidate onSubmit={onSubmit}>
          <FormField
            id="invitation-password"
            label={t('staffInvitation.password')}
            hint={t('staffInvitation.passwordHint')}
            error={passwordError}
          >
            {(control) => (
              <input
                {...control}
                className="input input--ltr"
                type="password"
                dir="ltr"
                autoComplete="new-password"
                maxLength={200}
                value={password}
                disabled={accept.busy}
                onChange={(event) => setPassword(event.target.value)}
                data-testid="staff-invitation-password"
              />
            )}
          </FormField>
          <FormField id="invitation-confirm" label={t('staffInvitation.confirm')} error={errors.confirm}>
            {(control) => (
              <input
                {...control}
                className="input input--ltr"
                type="password"
                dir="ltr"
                autoComplete="new-password"
                maxLength={200}
                value={confirm}
                disabled={accept.busy}
                onChange={(event) => setConfirm(event.target.value)}
                data-testid="staff-invitation-confirm"
              />
            )}
          </FormField>
          <FormAlert message={formError} testId="staff-invitation-error" />
          <button
            type="submit"
            className="btn btn-primary btn-block btn-large"
            disabled={accept.busy}
            data-testid="staff-invitation-save"
          >
            {accept.busy ? t('staffInvitation.saving') : t('staffInvitation.save')}
          </button>
        </form>
      )}
    </div>
  );
}
