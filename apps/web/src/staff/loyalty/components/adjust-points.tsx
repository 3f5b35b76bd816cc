import type { PointsEntry } from '@sufra/shared/schemas/loyalty';
import { FormField } from '../../../components/ui/form-field';
import { useTranslation } from '../../../lib/use-translation';
import { REASON_MAX, useAdjustPoints } from '../hooks/use-adjust-points';

type AdjustState = ReturnType<typeof useAdjustPoints>;

/** A manager's adjustment of a diner's points: add or remove, how many, and a reason; its state in use-adjust-points. */
export function AdjustPoints({
  customerId,
  onAdjusted,
}: {
  customerId: number;
  onAdjusted: (entries: PointsEntry[]) => void;
}) {
  const { t } = useTranslation();
  const adjust = useAdjustPoints(customerId, onAdjusted);
  const { amount, setAmount, reason, setReason, errors, sending } = adjust;

  return (
    <form
      className="card loyalty-admin__adjust"
      onSubmit={(event) => void adjust.submit(event)}
      noValidate
      aria-labelledby="adjust-heading"
    >
      <h3 id="adjust-heading">{t('staff.loyalty.adjustTitle')}</h3>
      <DirectionChoice adjust={adjust} />
      <FormField id="adjust-points" label={t('staff.loyalty.points')} error={errors.amount}>
        {(control) => (
          <input
            {...control}
            className="input"
            inputMode="numeric"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            disabled={sending}
          />
        )}
      </FormField>
      <FormField
        id="adjust-reason"
        label={t('staff.loyalty.reason')}
        hint={t('staff.loyalty.reasonHint')}
        error={errors.reason}
      >
        {(control) => (
          <textarea
            {...control}
            className="input"
            rows={2}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            disabled={sending}
          />
        )}
      </FormField>
      <AdjustOutcome adjust={adjust} />
      <button type="submit" className="btn btn-primary" disabled={sending} data-testid="adjust-submit">
        {t('staff.loyalty.adjust')}
      </button>
    </form>
  );
}

/** Add or remove, as two radio buttons. */
function DirectionChoice({ adjust }: { adjust: AdjustState }) {
  const { t } = useTranslation();
  return (
    <fieldset className="loyalty-admin__direction">
      <legend className="visually-hidden">{t('staff.loyalty.direction')}</legend>
      {(['add', 'remove'] as const).map((d) => (
        <label key={d} className="loyalty-admin__choice">
          <input
            type="radio"
            name="adjust-direction"
            value={d}
            checked={adjust.direction === d}
            onChange={() => adjust.setDirection(d)}
            data-testid={`adjust-${d}`}
          />
          <span>{t(`staff.loyalty.${d}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** The server's refusal, or what the adjustment did. */
function AdjustOutcome({ adjust: { failure, done } }: { adjust: AdjustState }) {
  return (
    <>
      {failure && (
        <p className="form-alert" role="alert" data-testid="adjust-error">
          {failure}
        </p>
      )}
      {done && (
        <p className="notice notice--info" role="status" data-testid="adjust-done">
          {done}
        </p>
      )}
    </>
  );
}
