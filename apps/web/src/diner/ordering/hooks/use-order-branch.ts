import { useLanguage } from '../../../lib/use-language';
import { useAppSelector } from '../../../stores/root-state';
import { useBranches } from '../api/get-branches';

/** The branch the order goes to: the chosen one for pickup and delivery, the QR's for dine-in (and while loading). */
export function useOrderBranch(uuid: string) {
  const language = useLanguage();
  const qr = useAppSelector((s) => s.establishment.establishment);
  const chosen = useAppSelector((s) => s.cart.branch);
  const branches = useBranches(qr?.uuid === uuid ? qr.brand.id : undefined, language);
  const qrBranch = qr?.uuid === uuid ? qr.branch : undefined;
  if (!chosen || chosen.id === qrBranch?.id) return qrBranch;
  return branches.data?.branches.find((b) => b.id === chosen.id) ?? qrBranch;
}
