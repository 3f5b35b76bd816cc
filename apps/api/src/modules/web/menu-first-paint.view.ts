// The menu's first screen as HTML in the page itself, so a diner sees the menu as soon as the HTML arrives instead
// of after the app's JavaScript has loaded, run and rendered (Lighthouse's largest paint was a card description
// waiting on ~110 KB of JavaScript). The app then hydrates this markup instead of rebuilding it, so it must be
// exactly what React renders first for /menu/{uuid} (EstablishmentLayout > MenuRoute with the data loaded and
// FIRST_PASS_ITEMS cards): the e2e journey `menu.spec.ts` fails on any hydration mismatch.
import { imageUrl } from '@sufra/shared/host-rule';
import type { Language } from '@sufra/shared/language';
import { formatSar } from '@sufra/shared/money';
import type { Brand } from '@sufra/shared/schemas/establishment';
import type { MenuItem, MenuResponse } from '@sufra/shared/schemas/menu';

/** Mirrors apps/web/src/diner/menu/components/menu-sections.tsx. */
const FIRST_PASS_ITEMS = 8;
const ITEM_HEIGHT_ESTIMATE = 121;
const PRIORITY_IMAGES = 4;

/** The app's interface strings for one language (apps/web/src/locales/<language>.json, nested). */
export type LocaleStrings = Record<string, unknown>;

function text(strings: LocaleStrings, key: string, values: Record<string, string> = {}): string {
  let node: unknown = strings;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`missing string ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const enc = encodeURIComponent;

export interface MenuFirstPaintInput {
  uuid: string;
  language: Language;
  brand: Brand;
  menu: MenuResponse;
  strings: LocaleStrings;
  /** The web app's image host (VITE_IMAGE_HOST); '' = same origin. */
  imageHost: string;
}

function card(item: MenuItem, input: MenuFirstPaintInput, priority: boolean): string {
  const { uuid, language, strings, imageHost } = input;
  const name = escapeHtml(item.name);
  const url = imageUrl(item.image, imageHost);
  const image = url
    ? `<img src="${escapeHtml(url)}" alt="${name}" width="96" height="96" class="item-card__image" loading="${priority ? 'eager' : 'lazy'}" decoding="async"${priority ? ' fetchpriority="high"' : ''}/>`
    : '<span class="img-placeholder item-card__image" style="aspect-ratio:96 / 96"></span>';
  const body =
    '<span class="item-card__text">' +
    `<span class="item-card__name">${name}</span>` +
    (item.description ? `<span class="item-card__description">${escapeHtml(item.description)}</span>` : '') +
    '<span class="item-card__meta">' +
    `<span class="item-card__price">${escapeHtml(formatSar(item.priceHalalas, language))}</span>` +
    (item.available ? '' : `<span class="badge badge--muted">${escapeHtml(text(strings, 'menu.soldOut'))}</span>`) +
    '</span></span>' +
    image;
  const link = item.available
    ? `<a href="/items/${enc(uuid)}/${item.id}/${enc(item.slug)}" class="item-card__link">${body}</a>`
    : `<div class="item-card__link" aria-disabled="true">${body}</div>`;
  const bookmark = escapeHtml(text(strings, 'menu.bookmark', { name: item.name }));
  return (
    `<li class="item-card${item.available ? '' : ' item-card--unavailable'}" data-testid="item-card">` +
    link +
    `<button type="button" class="btn btn-icon item-card__bookmark" aria-pressed="false" aria-label="${bookmark}">` +
    '<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">' +
    '<path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"></path>' +
    '</svg></button></li>'
  );
}

/** The inside of `#root` for /menu/{uuid}, or null when the menu has nothing to show (the app renders that case). */
export function renderMenuFirstPaint(input: MenuFirstPaintInput): string | null {
  const { uuid, language, brand, menu, strings, imageHost } = input;
  const byCategory = new Map<number, MenuItem[]>();
  for (const item of menu.items) {
    const list = byCategory.get(item.categoryId);
    if (list) list.push(item);
    else byCategory.set(item.categoryId, [item]);
  }
  const sections = menu.categories.flatMap((category) => {
    const items = byCategory.get(category.id) ?? [];
    return items.length ? [{ id: `category-${category.id}`, name: category.name, items }] : [];
  });
  if (sections.length === 0) return null;

  const t = (key: string) => escapeHtml(text(strings, key));
  const other = language === 'ar' ? 'en' : 'ar';
  const logo = imageUrl(brand.logo, imageHost);
  const header =
    `<a class="skip-link" href="#main">${t('app.skipToContent')}</a>` +
    '<header class="app-header"><div class="app-header__inner">' +
    `<button type="button" class="btn btn-icon" aria-label="${t('app.back')}">` +
    '<svg class="icon icon-flip" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">' +
    '<path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"></path></svg></button>' +
    `<a href="/qr/${enc(uuid)}" class="app-header__brand">` +
    (logo ? `<img src="${escapeHtml(logo)}" alt="" width="32" height="32" class="app-header__logo"/>` : '') +
    `<span>${escapeHtml(brand.name[language])}</span></a>` +
    // AccountEntry before the session is checked (it never is before the first render).
    '<span class="app-header__account" aria-hidden="true"></span>' +
    `<button type="button" class="btn btn-ghost language-switch" data-testid="language-switch" aria-label="${t('app.languageSwitch')}" lang="${other}">${t('app.otherLanguage')}</button>` +
    '</div></header>';

  const tabs = sections
    .map(
      (section, i) =>
        `<li><a href="#${section.id}" data-section="${section.id}" class="category-tabs__tab"${i === 0 ? ' aria-current="true"' : ''}>${escapeHtml(section.name)}</a></li>`,
    )
    .join('');
  const sticky =
    '<div class="menu-page__sticky">' +
    `<h1 class="visually-hidden">${t('menu.title')}</h1>` +
    '<search class="menu-search">' +
    `<label for="menu-search-input" class="visually-hidden">${t('menu.search')}</label>` +
    '<svg class="menu-search__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">' +
    '<circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" stroke-width="2"></circle>' +
    '<path d="M16 16l4.5 4.5" stroke="currentColor" stroke-width="2" stroke-linecap="round"></path></svg>' +
    `<input id="menu-search-input" class="menu-search__input" type="search" enterkeyhint="search" autocomplete="off" placeholder="${t('menu.searchPlaceholder')}" value=""/>` +
    '</search>' +
    `<nav class="category-tabs" aria-label="${t('menu.categories')}" data-testid="category-tabs"><ul class="category-tabs__list">${tabs}</ul></nav>` +
    '</div>';

  let budget = FIRST_PASS_ITEMS;
  const body = sections
    .map((section, i) => {
      const shown = section.items.slice(0, Math.max(0, budget));
      budget -= shown.length;
      const pending = section.items.length - shown.length;
      const list = shown.length
        ? `<ul class="item-list">${shown.map((item, j) => card(item, input, i === 0 && j < PRIORITY_IMAGES)).join('')}</ul>`
        : '';
      const rest = pending > 0 ? `<div style="block-size:${pending * ITEM_HEIGHT_ESTIMATE}px"></div>` : '';
      return (
        `<section id="${section.id}" class="menu-section" aria-labelledby="${section.id}-title">` +
        `<h2 id="${section.id}-title" class="menu-section__title">${escapeHtml(section.name)}</h2>${list}${rest}</section>`
      );
    })
    .join('');

  return (
    header +
    // <!--$--> … <!--/$-->: how React marks a resolved Suspense boundary (RouteOutlet's) in server-rendered HTML.
    '<main id="main" class="app-main" tabindex="-1"><!--$--><div class="menu-page">' +
    sticky +
    '<p class="visually-hidden" role="status"></p>' +
    body +
    '</div><!--/$--></main>'
  );
}

/** The page title the menu route sets (`menu.title | brand`), for `<title>` in the same HTML. */
export function menuPageTitle(strings: LocaleStrings, brand: Brand, language: Language): string {
  return `${text(strings, 'menu.title')} | ${brand.name[language]}`;
}
