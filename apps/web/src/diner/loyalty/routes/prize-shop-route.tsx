import { useParams } from 'wouter';
import { ShopPage } from '../components/shop-page';
import '../../../components/ui/form.css';
import '../loyalty.css';

/** `/prize-shop/{uuid}`: the available prizes (the prize shop's catalogue; some can be bought, others only won). */
export default function PrizeShopRoute() {
  const { uuid = '' } = useParams();
  return <ShopPage uuid={uuid} shop="prize" />;
}
