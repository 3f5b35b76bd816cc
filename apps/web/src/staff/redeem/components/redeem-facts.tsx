import { formatPhone } from '@sufra/shared/phone/phone-number';
import type { RedemptionLookupResponse } from '@sufra/shared/schemas/loyalty';
import type { RefObject } from 'react';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { formatBranchDateTime, rewardValue } from '../redeem-input';

type Owned = RedemptionLookupResponse['owned'];

/** The lookup's headline: redeemed (when and where), the refusal in the catalogue's words, or "can be redeemed". */
export function RedeemBanner({
  owned,
  redeemed,
  refusal,
  timeZone,
  heading,
}: {
  owned: Owned;
  redeemed: boolean;
  refusal: string | null;
  timeZone: string;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <>
      {redeemed ? (
        <div className="redeem-result__banner redeem-result__banner--done" role="status" data-testid="redeem-success">
          <h3 id="redeem-result-heading" ref={heading} tabIndex={-1}>
            {t('staff.redeem.redeemedTitle')}
          </h3>
          {owned.claimedAt && (
            <p>
              {t('staff.redeem.redeemedAt', {
                time: formatBranchDateTime(owned.claimedAt, timeZone, language),
                branch: owned.claimedBranch?.[language] ?? '',
              })}
            </p>
          )}
        </div>
      ) : refusal ? (
        <div className="redeem-result__banner redeem-result__banner--refused" role="alert" data-testid="redeem-refusal">
          <h3 id="redeem-result-heading" ref={heading} tabIndex={-1}>
            {refusal}
          </h3>
        </div>
      ) : (
        <div className="redeem-result__banner redeem-result__banner--ready">
          <h3 id="redeem-result-heading" ref={heading} tabIndex={-1}>
            {t('staff.redeem.canRedeem')}
          </h3>
        </div>
      )}
    </>
  );
}

/** What the reward is, for whom, its status and window, and its code. */
export function RedeemFacts({ result, timeZone }: { result: RedemptionLookupResponse; timeZone: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { owned, customer } = result;
  const { reward } = owned;
  const value = rewardValue(reward, language);
  const kind =
    reward.kind === 'percent' && value.percent
      ? value.max
        ? t('staff.redeem.kinds.percentUpTo', { percent: value.percent, max: value.max })
        : t('staff.redeem.kinds.percent', { percent: value.percent })
      : reward.kind === 'fixed' && value.amount
        ? t('staff.redeem.kinds.fixed', { amount: value.amount })
        : t(`staff.redeem.kinds.${reward.kind === 'free_item' ? 'freeItem' : 'gift'}`);
  const validity = owned.expiresAt
    ? t('staff.redeem.validUntil', { date: formatBranchDateTime(owned.expiresAt, timeZone, language) })
    : t('staff.redeem.validAlways');

  return (
    <dl className="redeem-facts">
      <div>
        <dt>{t('staff.redeem.reward')}</dt>
        <dd>
          <strong className="redeem-facts__reward" data-testid="redeem-reward-name">
            {reward.name[language]}
          </strong>
          <span className="redeem-facts__kind">{kind}</span>
        </dd>
      </div>
      <div>
        <dt>{t('staff.redeem.customer')}</dt>
        <dd data-testid="redeem-customer">
          <span>{customer.name}</span>{' '}
          <bdi dir="ltr" className="redeem-facts__phone">
            {formatPhone(customer.phone)}
          </bdi>
        </dd>
      </div>
      <div>
        <dt>{t('staff.redeem.status')}</dt>
        <dd>
          <span className={`pill redeem-status redeem-status--${owned.status}`} data-testid="redeem-status">
            {t(`staff.redeem.statuses.${owned.status}`)}
          </span>
        </dd>
      </div>
      <div>
        <dt>{t('staff.redeem.validity')}</dt>
        <dd>{validity}</dd>
      </div>
      <div>
        <dt>{t('staff.redeem.codeLabel')}</dt>
        <dd>
          <bdi dir="ltr" className="redeem-facts__code">
            {owned.code}
          </bdi>
        </dd>
      </div>
    </dl>
  );
}
