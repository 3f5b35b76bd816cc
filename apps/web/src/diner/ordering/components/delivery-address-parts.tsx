import type { Address } from '@sufra/shared/schemas/customer';
import { Link, useLocation } from 'wouter';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import type { useBranches } from '../api/get-branches';
import { zoneFor } from '../order-draft';
import { ZoneFee } from './zone-fee';
import '../../../components/ui/option-card.css';

type Zone = NonNullable<ReturnType<typeof useBranches>['data']>['branches'][number]['deliveryZones'];

/** A delivery needs a saved address, so a signed-out diner is asked to sign in first (and comes back here). */
export function SignInForAddress({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  return (
    <section className="section" aria-labelledby="address-heading">
      <h2 id="address-heading">{t('ordering.addressTitle')}</h2>
      <p>{t('ordering.signInForAddress')}</p>
      <Link
        to={paths.register.build(uuid, { mode: 'signin', next: location })}
        className="btn btn-primary"
        data-testid="sign-in-for-address"
      >
        {t('ordering.signIn')}
      </Link>
    </section>
  );
}

type OptionsProps = {
  list: Address[];
  zones: Zone;
  /** Whether the branch's zones are known yet (until then no fee is shown). */
  zonesKnown: boolean;
  picked: number | null;
  choose: (address: Address) => void;
};

/** The saved addresses to choose from, each with the fee of the zone it falls in. */
export function AddressOptions({ list, zones, zonesKnown, picked, choose }: OptionsProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <fieldset className="option-list">
      <legend className="visually-hidden">{t('ordering.addressTitle')}</legend>
      {list.map((address) => {
        const zone = zonesKnown ? zoneFor(address.location, zones) : null;
        return (
          <label key={address.id} className="option-card" data-testid="address-option">
            <input
              type="radio"
              name="delivery-address"
              value={address.id}
              checked={picked === address.id}
              onChange={() => choose(address)}
            />
            <span className="option-card__body">
              <span className="option-card__title">{address.title}</span>
              <span className="option-card__hint">{address.description}</span>
              {zone && <ZoneFee zone={zone} language={language} />}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
