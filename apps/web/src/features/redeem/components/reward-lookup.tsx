import { formatPhone } from '@sufra/shared/phone/phone-number';
import type { RedemptionBody, RedemptionLookupResponse } from '@sufra/shared/schemas/loyalty';
import { useEffect, useRef, useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { lookupRedemption } from '../api/lookup-redemption';
import { redeemReward } from '../api/redeem-reward';
import { formatBranchDateTime, rewardValue } from '../redeem-input';

/**
 * The presented reward as the lookup answered: what it is, for whom, its status and window, and either why it can't
 * be redeemed here (prominently, the catalogue's message) or the big Redeem button; then the redemption's record.
 */
export function RewardLookup({
  body,
  found,
  timeZone,
  onNext,
}: {
  body: RedemptionBody;
  found: RedemptionLookupResponse;
  timeZone: string;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [result, setResult] = useState(found);
  const [refusal, setRefusal] = useState(found.refusalMessage);
  const [redeemed, setRedeemed] = useState(false);
  const [sending, setSending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // Each answer is a new screen for the keyboard and the screen reader: focus its heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each new state of this screen
  useEffect(() => {
    heading.current?.focus();
  }, [redeemed, refusal]);

  const redeem = async () => {
    setSending(true);
    try {
      setResult(await redeemReward(body, language));
      setRedeemed(true);
    } catch (error) {
      // Lost to another cashier, expired in the meantime, a stale QR: the reason, and no second try from here.
      setRefusal(errorText(error, language));
      // The facts as they are now (claimed, expired), when the reward can still be looked up.
      lookupRedemption(body, language).then(setResult, () => {});
    } finally {
      setSending(false);
    }
  };

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
    <section
      className={`card redeem-result redeem-result--${redeemed ? 'done' : refusal ? 'refused' : 'ready'}`}
      aria-labelledby="redeem-result-heading"
      data-testid="redeem-result"
      data-state={redeemed ? 'redeemed' : refusal ? 'refused' : 'redeemable'}
    >
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

      <div className="redeem-result__actions">
        {!redeemed && !refusal && (
          <button
            type="button"
            className="btn btn-primary btn-large btn-block redeem-button"
            disabled={sending}
            onClick={() => void redeem()}
            data-testid="redeem-confirm"
          >
            {sending ? t('staff.redeem.redeeming') : t('staff.redeem.redeem')}
          </button>
        )}
        <button
          type="button"
          className={`btn ${redeemed || refusal ? 'btn-primary btn-large' : 'btn-secondary'} btn-block`}
          disabled={sending}
          onClick={onNext}
          data-testid="redeem-next"
        >
          {redeemed || refusal ? t('staff.redeem.next') : t('staff.redeem.cancel')}
        </button>
      </div>
    </section>
  );
}
