import type { RedemptionBody, RedemptionLookupResponse } from '@sufra/shared/schemas/loyalty';
import type { StaffUser } from '@sufra/shared/schemas/staff';
import { useEffect, useState } from 'react';
import { local } from '../../../lib/storage';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { CounterCoupon } from '../components/counter-coupon';
import { PresentReward } from '../components/present-reward';
import { RewardLookup } from '../components/reward-lookup';
import './redeem.css';
import '../../../components/ui/form.css';

/** The branch this counter redeemed at last (a tablet stays at one branch). */
const BRANCH_KEY = 'sufra.staff.redeemBranch';

type Stage = { kind: 'present' } | { kind: 'found'; body: RedemptionBody; found: RedemptionLookupResponse };

function firstBranch(user: StaffUser): number | null {
  if (user.branches.length === 1) return user.branches[0]?.id ?? null;
  const stored = user.branches.find((b) => String(b.id) === local.getItem(BRANCH_KEY));
  return stored?.id ?? null;
}

/**
 * `/staff/redeem`: the cashier picks the branch (preselected when the user has one), has the diner's reward
 * presented (camera, photo or typed code with phone), sees what it is and redeems it once; then the next customer.
 */
export default function RedeemSection({ user }: { user: StaffUser }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [branchId, setBranchId] = useState<number | null>(() => firstBranch(user));
  const [stage, setStage] = useState<Stage>({ kind: 'present' });
  const [round, setRound] = useState(0);
  const branch = user.branches.find((b) => b.id === branchId);

  useEffect(() => {
    if (branchId !== null) local.setItem(BRANCH_KEY, String(branchId));
  }, [branchId]);

  return (
    <section className="section redeem" aria-labelledby="redeem-heading" data-testid="redeem-section">
      <div className="redeem__bar">
        <div>
          <h2 id="redeem-heading">{t('staff.redeem.title')}</h2>
          <p className="page__lead">{t('staff.redeem.lead')}</p>
        </div>
        {user.branches.length > 0 && (
          <div className="redeem__branch">
            <label htmlFor="redeem-branch">{t('staff.redeem.branch')}</label>
            <select
              id="redeem-branch"
              className="input"
              value={branchId ?? ''}
              disabled={stage.kind === 'found'}
              onChange={(event) => setBranchId(event.target.value ? Number(event.target.value) : null)}
              data-testid="redeem-branch"
            >
              {branchId === null && <option value="">{t('staff.redeem.chooseBranch')}</option>}
              {user.branches.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name[language]}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      {user.branches.length === 0 && <p>{t('staff.noBranches')}</p>}
      {user.branches.length > 0 && !branch && (
        <p className="notice notice--info" data-testid="redeem-pick-branch">
          {t('staff.redeem.pickBranchFirst')}
        </p>
      )}
      {branch && stage.kind === 'present' && (
        // A new round mounts a fresh form: the previous customer's code and phone are gone.
        <PresentReward
          key={round}
          branchId={branch.id}
          onFound={(body, found) => setStage({ kind: 'found', body, found })}
        />
      )}
      {branch && stage.kind === 'present' && <CounterCoupon key={`coupon-${branch.id}`} branchId={branch.id} />}
      {branch && stage.kind === 'found' && (
        <RewardLookup
          body={stage.body}
          found={stage.found}
          timeZone={branch.timeZone}
          onNext={() => {
            setRound((r) => r + 1);
            setStage({ kind: 'present' });
          }}
        />
      )}
    </section>
  );
}
