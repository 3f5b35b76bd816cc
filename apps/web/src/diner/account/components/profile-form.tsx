import type { Customer } from '@sufra/shared/schemas/customer';
import { FormAlert } from '../../../components/ui/form-field';
import { useTranslation } from '../../../lib/use-translation';
import { useProfileForm } from '../hooks/use-profile-form';
import { ProfileFields } from './profile-fields';

/** The diner's name, e-mail, age group, gender and city, saved with one button. */
export function ProfileForm({ uuid, customer }: { uuid: string; customer: Customer }) {
  const { t } = useTranslation();
  const form = useProfileForm(uuid, customer);
  return (
    <section className="section" aria-labelledby="profile-heading">
      <h2 id="profile-heading">{t('account.profile')}</h2>
      <form ref={form.formRef} className="form" noValidate onSubmit={form.submit} data-testid="profile-form">
        <ProfileFields values={form.values} onChange={form.change} errors={form.errors} disabled={form.busy} />
        <FormAlert message={form.formError} />
        <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
          {form.busy ? t('account.saving') : t('account.save')}
        </button>
      </form>
    </section>
  );
}
