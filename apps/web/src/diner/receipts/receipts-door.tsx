import { i18n } from '../../lib/i18n';
import { lazyPage } from '../../lib/lazy-page';
import { useTranslation } from '../../lib/use-translation';

/** The receipt strings (locales/receipts.{ar,en}.json), both languages at once (small): a switch needs nothing more. */
let strings: Promise<void> | undefined;
function loadReceiptStrings(): Promise<void> {
  strings ??= Promise.all([import('../../locales/receipts.ar.json'), import('../../locales/receipts.en.json')]).then(
    ([ar, en]) => {
      i18n.addResourceBundle('ar', 'translation', ar.default, true, false);
      i18n.addResourceBundle('en', 'translation', en.default, true, false);
    },
  );
  return strings;
}

// biome-ignore lint/suspicious/noExplicitAny: component props are the part's own
function withStrings<T extends React.ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazyPage(() => Promise.all([load(), loadReceiptStrings()]).then(([module]) => module));
}

/**
 * The receipts feature's one door for the router (as loyalty's): the receipt page (its own chunk, with the QR
 * library) and the small "Receipt" link the ordering pages show, each with the strings.
 */
const PARTS = {
  page: withStrings(() => import('./routes/receipt-route')),
  link: withStrings(() => import('./components/receipt-link')),
};

export default function ReceiptsDoor(props: { part: 'page' } | { part: 'link'; uuid: string; orderId: number }) {
  // As loyalty's door: the same imports as the pages keep Rollup's shared chunk whole (loyalty-page.tsx).
  useTranslation();
  if (props.part === 'link') {
    const Link = PARTS.link;
    return <Link uuid={props.uuid} orderId={props.orderId} />;
  }
  const Page = PARTS.page;
  return <Page />;
}
