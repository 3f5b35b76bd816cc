/**
 * Menu photos are stored re-encoded at three widths beside each other (…-320.webp, …-640.webp, …-1280.webp: the API's
 * menu-photos.service.ts); an item's `image` names the 640 one, which the diner's cards and item page show.
 */
export const MENU_PHOTO_WIDTHS = [320, 640, 1280] as const;
export type MenuPhotoWidth = (typeof MENU_PHOTO_WIDTHS)[number];
/** The width an item's `image` names. */
export const MENU_PHOTO_SERVED_WIDTH: MenuPhotoWidth = 640;

const SIZED = new RegExp(`-(${MENU_PHOTO_WIDTHS.join('|')})\\.webp$`);

/** The same photo at another stored width; any other image (the demo's drawings, a link elsewhere) as it is. */
export function menuPhotoAt(url: string, width: MenuPhotoWidth): string {
  return SIZED.test(url) ? url.replace(SIZED, `-${width}.webp`) : url;
}
