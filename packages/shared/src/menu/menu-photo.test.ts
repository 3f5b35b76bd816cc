import { describe, expect, it } from 'vitest';
import { MENU_PHOTO_WIDTHS, menuPhotoAt } from './menu-photo.ts';

describe('menuPhotoAt', () => {
  it('names the same stored photo at another width', () => {
    expect(menuPhotoAt('/api/menu/photos/7/12-0123456789abcdef-640.webp', 320)).toBe(
      '/api/menu/photos/7/12-0123456789abcdef-320.webp',
    );
    expect(menuPhotoAt('https://img.example.sa/api/menu/photos/7/12-0123456789abcdef-640.webp', 1280)).toBe(
      'https://img.example.sa/api/menu/photos/7/12-0123456789abcdef-1280.webp',
    );
  });

  it('leaves any other image as it is', () => {
    expect(menuPhotoAt('/images/items/shakshuka.svg', 320)).toBe('/images/items/shakshuka.svg');
    expect(menuPhotoAt('/uploads/dish-640.png', 320)).toBe('/uploads/dish-640.png');
    expect(menuPhotoAt('https://cdn.example.com/items/dish-640.webp', 320)).toBe(
      'https://cdn.example.com/items/dish-640.webp',
    );
  });

  it('knows the widths the API stores', () => {
    expect(MENU_PHOTO_WIDTHS).toEqual([320, 640, 1280]);
  });
});
