import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { AdSlider } from '../../../components/ads/ad-slider';
import { PopupDialog } from '../../../components/ads/popup-dialog';
import { AppImage } from '../../../components/ui/app-image';
import { paths } from '../../../config/paths';
import { orderingBlock } from '../../../lib/ordering-availability';
import { session } from '../../../lib/storage';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { usePopup } from '../api/get-popup';
import { useSlider } from '../api/get-slider';
import { recordAdEvent } from '../api/record-ad-event';
import './landing.css';
import { LoyaltyCardSlot } from '../../shared/loyalty-card-slot';

const slideShown = (id: number) => recordAdEvent('slide', id, 'view');
const slideFollowed = (id: number) => recordAdEvent('slide', id, 'click');

const popupSeenKey = (uuid: string) => `sufra.popup-seen.${uuid}`;

/**
 * /qr/{uuid}: the establishment's front door. `loyaltyCard` is the loyalty feature's compact card, given by the router
 * (features do not import each other); it decides itself whether the brand has a programme to show. `punchCards`,
 * the diner's punch cards in progress, comes the same way and decides the same; so does `wheelLink`, the games'
 * way to the wheel (shown when the brand has an active wheel and its service is on).
 */
export default function LandingRoute({
  loyaltyCard,
  punchCards,
  wheelLink,
}: {
  loyaltyCard?: ReactNode;
  punchCards?: ReactNode;
  wheelLink?: ReactNode;
}) {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const establishment = useAppSelector((s) => s.establishment.establishment);
  const utmSource = useAppSelector((s) => s.establishment.utm_source);
  const current = establishment?.uuid === uuid ? establishment : null;
  const branchId = current?.branch.id;
  const slider = useSlider(branchId, language);
  const popup = usePopup(branchId, language);
  // Shown once per session per establishment.
  const [popupDismissed, setPopupDismissed] = useState(() => session.getItem(popupSeenKey(uuid)) === '1');
  const popupShown = popup.data && !popupDismissed ? popup.data.id : null;
  useEffect(() => {
    if (popupShown !== null) recordAdEvent('popup', popupShown, 'view');
  }, [popupShown]);
  const closePopup = () => {
    session.setItem(popupSeenKey(uuid), '1');
    setPopupDismissed(true);
  };

  if (!current) {
    return (
      <div className="landing" aria-busy="true">
        <div className="landing__cover skeleton" />
        <div className="landing__body">
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line skeleton--short" />
        </div>
      </div>
    );
  }

  const { brand, branch, table } = current;
  const open = branch.status === 'open';
  // Said here, before the diner fills a cart: what stops an order at this QR code now (issue 24 item 4).
  const block = orderingBlock(current);
  const switchedOff = block === 'menu_off' || block === 'ordering_off';
  return (
    <div className="landing">
      <title>{brand.name[language]}</title>
      <div className="landing__cover">
        <AppImage src={brand.cover} alt="" width={800} height={400} className="landing__cover-image" priority />
      </div>
      <div className="landing__body">
        <div className="landing__identity">
          <AppImage src={brand.logo} alt="" width={72} height={72} className="landing__logo" priority />
          <div>
            <h1 className="landing__title">{brand.name[language]}</h1>
            <p className="landing__branch">{branch.name[language]}</p>
          </div>
        </div>
        <ul className="landing__facts">
          <li className={`pill ${open && !switchedOff ? 'pill--open' : 'pill--closed'}`} data-testid="branch-state">
            {switchedOff
              ? t('branch.notOrdering')
              : open
                ? t('branch.open')
                : branch.closedBy === 'staff'
                  ? t('branch.paused')
                  : t('branch.closed')}
          </li>
          {table && <li className="pill">{t('branch.table', { number: table.number })}</li>}
        </ul>
        {block && (
          <div className="notice notice--warning landing__unavailable" role="status" data-testid="ordering-unavailable">
            <strong>{t('landing.unavailableTitle')}</strong>
            <span>{t(`landing.blocked.${block}`)}</span>
          </div>
        )}
        {/* Never a button that cannot work: "Order now" only when an order can be placed, the menu while it is on. */}
        {block !== 'menu_off' && (
          <Link
            to={paths.menu.build(uuid)}
            className={`btn btn-block btn-large ${block ? 'btn-secondary' : 'btn-primary'}`}
            data-testid="landing-menu"
          >
            {block ? t('landing.browseMenu') : t('landing.viewMenu')}
          </Link>
        )}
        {/* Loads on its own: the page stays while it does. */}
        <Suspense fallback={<LoyaltyCardSlot />}>{loyaltyCard}</Suspense>
        <Suspense fallback={null}>{punchCards}</Suspense>
        <Suspense fallback={null}>{wheelLink}</Suspense>
        {slider.data && slider.data.slides.length > 0 && (
          <AdSlider slides={slider.data.slides} onShown={slideShown} onFollow={slideFollowed} />
        )}
      </div>
      {popup.data && !popupDismissed && (
        <PopupDialog
          popup={popup.data}
          utmSource={utmSource}
          onClose={closePopup}
          onFollow={() => recordAdEvent('popup', popup.data?.id ?? 0, 'click')}
        />
      )}
    </div>
  );
}
