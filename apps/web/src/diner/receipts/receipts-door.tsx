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
 * library), with the strings (the ordering pages link to it themselves).
 */
const PARTS = {
  page: withStrings(() => import('./routes/receipt-route')),
};

export default function ReceiptsDoor(_props: { part: 'page' }) {
  // As loyalty's door: the same imports as the pages keep Rollup's shared chunk whole (loyalty-page.tsx).
  useTranslation();
  const Page = PARTS.page;
  return <Page />;
}
