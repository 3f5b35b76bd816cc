import { i18n } from '../../lib/i18n';

/** The Foodics menu section's strings (locales/manage-foodics-menu.{ar,en}.json), both languages with the page. */
export const ready: Promise<void> = Promise.all([
  import('../../locales/manage-foodics-menu.ar.json'),
  import('../../locales/manage-foodics-menu.en.json'),
]).then(([ar, en]) => {
  i18n.addResourceBundle('ar', 'translation', ar.default, true, false);
  i18n.addResourceBundle('en', 'translation', en.default, true, false);
});
