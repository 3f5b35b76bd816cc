/**
 * Menu photos are stored re-encoded at three widths beside each other (…-320.webp, …-640.webp, …-1280.webp: the API's
 * menu-photos.service.ts); an item's `image` names the 640 one, which the diner's cards and item page show.
 */
export const MENU_PHOTO_WIDTHS = [320, 640, 1280] as const;
export type MenuPhotoWidth = (typeof MENU_PHOTO_WIDTHS)[number];
/** The width an item's `image` names. */
export const MENU_PHOTO_SERVED_WIDTH: MenuPhotoWidth = 640;

/**
 * Our own stored photos only (GET /api/menu/photos/:brandId/:name/, on any image host): a picture elsewhere that
 * happens to end in -640.webp (a POS's menu import) has no other widths beside it.
 */
const SIZED = new RegExp(`(/api/menu/photos/\\d+/[^/]+)-(${MENU_PHOTO_WIDTHS.join('|')})\\.webp$`);

/** The same photo at another stored width; any other image (the demo's drawings, a link elsewhere) as it is. */
export function menuPhotoAt(url: string, width: MenuPhotoWidth): string {
  return url.replace(SIZED, `$1-${width}.webp`);
}
