import { useParams } from 'wouter';
import { ShopPage } from '../components/shop-page';
import '../../../components/ui/form.css';
import '../loyalty.css';

/** `/points-shop/{uuid}`: rewards bought with points. */
export default function PointsShopRoute() {
  const { uuid = '' } = useParams();
  return <ShopPage uuid={uuid} shop="points" />;
}
