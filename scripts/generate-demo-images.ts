/**
 * Writes the demo seed's SVG illustrations to apps/api/assets/images (served at /images/...).
 * Kept so the art can be tweaked and regenerated instead of hand-editing minified SVG:
 *   npm exec -- node scripts/generate-demo-images.ts
 * Flat shapes only: no text (no font to depend on), no metadata, no external references.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { savoury } from './demo-images/savoury.ts';
import { circle, group, path, rect, steam, svg, titleOf } from './demo-images/shapes.ts';
import { sweetsAndDrinks } from './demo-images/sweets-and-drinks.ts';

const OUT = join(import.meta.dirname, '..', 'apps', 'api', 'assets', 'images');

// Each dish: background colour and a body drawn in a 400x400 box, so slides can reuse the body scaled.
const dishes: Record<string, { bg: string; body: string }> = { ...savoury, ...sweetsAndDrinks };

const dishSvg = (name: string, bg?: string): string => {
  const dish = dishes[name];
  if (!dish) throw new Error(`no dish ${name}`);
  return svg(400, 400, titleOf(name), rect(0, 0, 400, 400, bg ?? dish.bg) + dish.body);
};
const placed = (name: string, x: number, y: number, scale: number): string =>
  group(`translate(${x} ${y}) scale(${scale})`, dishes[name]?.body ?? '');

// Category tiles: the signature dish on a tinted disc, so a category reads differently from its items.
const categories: Record<string, [dish: string, tint: string]> = {
  breakfast: ['shakshuka', '#FBE0C8'],
  appetizers: ['hummus', '#F1E3C6'],
  salads: ['salad', '#D9EDCF'],
  grills: ['grill-skewers', '#F8D5C2'],
  rice: ['kabsa', '#F8DDB5'],
  sandwiches: ['shawarma', '#F6DEC0'],
  desserts: ['kunafa', '#F8D9C4'],
  'hot-drinks': ['saudi-coffee', '#EAD9C0'],
  'cold-drinks': ['juice', '#FDE0BA'],
  combos: ['combo', '#EAD7F2'],
};

/** Najdi triangle band: the motif painted around doors in Riyadh's old houses. */
const najdiBand = (y: number, width: number, size: number, fill: string): string =>
  path(
    Array.from(
      { length: Math.ceil(width / size) },
      (_, i) => `M${i * size} ${y}l${size / 2} ${-size * 0.8}l${size / 2} ${size * 0.8}z`,
    ).join(''),
    fill,
  );

const files: Record<string, string> = {};
for (const name of Object.keys(dishes)) files[`menu/${name}.svg`] = dishSvg(name);
for (const [name, [dish, tint]] of Object.entries(categories)) {
  files[`categories/${name}.svg`] = svg(
    400,
    400,
    titleOf(name),
    rect(0, 0, 400, 400, '#FFF8EF') + circle(200, 200, 190, tint) + placed(dish, 40, 40, 0.8),
  );
}

files['ads/slide-1.svg'] = svg(
  1200,
  500,
  'Lamb kabsa with salad',
  rect(0, 0, 1200, 500, '#F6D9B4') +
    circle(1080, 60, 220, '#EFC48E') +
    circle(140, 520, 200, '#F2CC9C') +
    placed('kabsa', 640, 30, 1.1) +
    placed('salad', 1000, 300, 0.45) +
    najdiBand(500, 1200, 40, '#C8773A'),
);
files['ads/slide-2.svg'] = svg(
  1200,
  500,
  'Saudi coffee dallah with dates',
  rect(0, 0, 1200, 500, '#EADBC4') +
    circle(900, 250, 260, '#E0CBAA') +
    placed('saudi-coffee', 700, 40, 1.05) +
    placed('dates', 980, 250, 0.55) +
    najdiBand(500, 1200, 40, '#9E7A45'),
);
files['ads/slide-3.svg'] = svg(
  1200,
  500,
  'Mandi, grills and salad',
  rect(0, 0, 1200, 500, '#E9D8F1') +
    circle(1150, 420, 260, '#DCC2EA') +
    placed('mandi', 560, 60, 0.95) +
    placed('grill-skewers', 880, 20, 0.7) +
    placed('salad', 900, 260, 0.55) +
    najdiBand(500, 1200, 40, '#7B3FA0'),
);
files['ads/popup.svg'] = svg(
  800,
  800,
  'Cheese kunafa',
  rect(0, 0, 800, 800, '#5E2D82') +
    circle(400, 300, 300, '#6F3A96') +
    circle(400, 300, 230, '#7B3FA0') +
    placed('kunafa', 200, 90, 1) +
    najdiBand(800, 800, 50, '#F2B84B') +
    najdiBand(60, 800, 50, '#4B2268'),
);
files['brand/logo.svg'] = svg(
  400,
  400,
  'Sufra Kitchen',
  rect(0, 0, 400, 400, '#7B3FA0', { rx: 96 }) +
    path('M90 250a110 110 0 0 1 220 0z', '#fff') +
    circle(200, 128, 16, '#fff') +
    rect(70, 262, 260, 24, '#F2B84B', { rx: 12 }) +
    najdiBand(340, 400, 50, '#9B63C2'),
);
files['brand/cover.svg'] = svg(
  1200,
  400,
  'Mandi, hummus, Saudi coffee, kunafa and salad',
  rect(0, 0, 1200, 400, '#F6E7D3') +
    placed('mandi', -40, 40, 0.9) +
    placed('hummus', 330, 120, 0.6) +
    placed('saudi-coffee', 560, 40, 0.75) +
    placed('kunafa', 820, 130, 0.55) +
    placed('salad', 1010, 10, 0.5) +
    najdiBand(400, 1200, 40, '#7B3FA0'),
);
files['brand/qahwat-al-bait-logo.svg'] = svg(
  400,
  400,
  'Qahwat Al Bait',
  rect(0, 0, 400, 400, '#5B3A29', { rx: 200 }) +
    path('M120 170h160v60c0 50-30 80-80 80s-80-30-80-80z', '#F3E3C8') +
    path('M280 190h20c30 0 30 50 0 50h-20v-14h18c12 0 12-22 0-22h-18z', '#F3E3C8') +
    steam(180, 140),
);

rmSync(OUT, { recursive: true, force: true });
let total = 0;
for (const [file, content] of Object.entries(files)) {
  const target = join(OUT, file);
  mkdirSync(join(target, '..'), { recursive: true });
  writeFileSync(target, content);
  total += Buffer.byteLength(content);
}
console.log(`${Object.keys(files).length} images, ${total} bytes, in ${OUT}`);
