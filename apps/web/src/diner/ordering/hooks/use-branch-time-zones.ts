import { useLanguage } from '../../../lib/use-language';
import { useAppSelector } from '../../../stores/root-state';
import { useBranches } from '../api/get-branches';

/**
 * Each branch's time zone by id, for showing an order's times where they happened (house rule 6), from the brand's
 * branch list (cached, shared with the order-type page). Undefined until it has loaded: times then show in the
 * device's zone, which for a diner in the branch's city is the same.
 */
export function useBranchTimeZones(uuid: string): (branchId: number) => string | undefined {
  const language = useLanguage();
  const qr = useAppSelector((s) => s.establishment.establishment);
  const branches = useBranches(qr?.uuid === uuid ? qr.brand.id : undefined, language);
  return (branchId) => branches.data?.branches.find((b) => b.id === branchId)?.timeZone;
}
