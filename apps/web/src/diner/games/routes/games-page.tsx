import { i18n } from '../../../lib/i18n';
import { lazyPage } from '../../../lib/lazy-page';
import { useTranslation } from '../../../lib/use-translation';

/** The games' strings (locales/games.{ar,en}.json), both languages at once, as the loyalty pages load theirs. */
let strings: Promise<void> | undefined;
function loadGamesStrings(): Promise<void> {
  strings ??= Promise.all([import('../../../locales/games.ar.json'), import('../../../locales/games.en.json')]).then(
    ([ar, en]) => {
      i18n.addResourceBundle('ar', 'translation', ar.default, true, false);
      i18n.addResourceBundle('en', 'translation', en.default, true, false);
    },
  );
  return strings;
}

const GameRoute = lazyPage(() => Promise.all([import('./game-route'), loadGamesStrings()]).then(([module]) => module));
const WheelLink = lazyPage(() =>
  Promise.all([import('../components/wheel-link'), loadGamesStrings()]).then(([module]) => module),
);

/**
 * The router's one door to the games (the wheel, register-and-win): the page and its strings in their own chunks;
 * `as="landing-link"`, the landing page's way to the wheel instead (the page's own Suspense waits for it).
 */
export default function GamesPage({
  kind,
  as = 'page',
}: {
  kind: 'wheel' | 'register_and_win';
  as?: 'page' | 'landing-link';
}) {
  useTranslation();
  if (as === 'landing-link') return kind === 'wheel' ? <WheelLink /> : null;
  return <GameRoute kind={kind} />;
}
