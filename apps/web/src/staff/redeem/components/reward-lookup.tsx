import type { RedemptionBody, RedemptionLookupResponse } from '@sufra/shared/schemas/loyalty';
import { useTranslation } from '../../../lib/use-translation';
import { useRedeem } from '../hooks/use-redeem';
import { RedeemBanner, RedeemFacts } from './redeem-facts';

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
  const { result, refusal, redeemed, sending, heading, redeem } = useRedeem(body, found);
  const { owned } = result;

  return (
    <section
      className={`card redeem-result redeem-result--${redeemed ? 'done' : refusal ? 'refused' : 'ready'}`}
      aria-labelledby="redeem-result-heading"
      data-testid="redeem-result"
      data-state={redeemed ? 'redeemed' : refusal ? 'refused' : 'redeemable'}
    >
      <RedeemBanner owned={owned} redeemed={redeemed} refusal={refusal} timeZone={timeZone} heading={heading} />
      <RedeemFacts result={result} timeZone={timeZone} />

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
