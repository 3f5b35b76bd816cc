/**
 * The brand colour's contrast check (issue 26 item 8): the console lets an owner pick a colour for buttons and
 * headers that carry white text, so white on it must pass WCAG 2.x AA for normal text (4.5:1). Pure, both sides.
 */
export const AA_NORMAL_TEXT = 4.5;
export const BRAND_COLOR_PATTERN = /^#[0-9a-f]{6}$/;

/** WCAG relative luminance of an sRGB colour given as #rrggbb. */
export function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Whether white text on `hex` passes AA for normal text. */
export function whiteTextPassesAA(hex: string): boolean {
  return BRAND_COLOR_PATTERN.test(hex) && contrastRatio('#ffffff', hex) >= AA_NORMAL_TEXT;
}
