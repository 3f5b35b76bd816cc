import { i18n } from '../../lib/i18n';

/** The games console's strings (locales/manage-games.{ar,en}.json), both languages with the page's chunk. */
export const ready: Promise<void> = Promise.all([
  import('../../locales/manage-games.ar.json'),
  import('../../locales/manage-games.en.json'),
]).then(([ar, en]) => {
  i18n.addResourceBundle('ar', 'translation', ar.default, true, false);
  i18n.addResourceBundle('en', 'translation', en.default, true, false);
});
