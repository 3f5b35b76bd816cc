import type { RedemptionBody, RedemptionLookupResponse } from '@sufra/shared/schemas/loyalty';
import { FormAlert } from '../../../components/ui/form-field';
import { usePresentReward } from '../hooks/use-present-reward';
import { ScanWay, TypedWay } from './present-ways';

/**
 * How the cashier presents a reward: the camera, a photo of the code, or the typed code with the diner's phone.
 * Each ends in the lookup; what the API refuses outright (a stale or foreign QR, no such code for this phone) is
 * shown here, where the cashier can try again.
 */
export function PresentReward({
  branchId,
  onFound,
}: {
  branchId: number;
  onFound: (body: RedemptionBody, result: RedemptionLookupResponse) => void;
}) {
  const state = usePresentReward(branchId, onFound);
  return (
    <div className="redeem-present" data-testid="redeem-present">
      <div className="redeem-present__alert">
        <FormAlert message={state.alert} testId="redeem-error" />
      </div>
      <ScanWay state={state} />
      <TypedWay state={state} />
    </div>
  );
}
