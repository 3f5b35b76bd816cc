/**
 * Writes the demo seed's SVG illustrations to apps/api/assets/images (served at /images/...).
 * Kept so the art can be tweaked and regenerated instead of hand-editing minified SVG:
 *   npm exec -- node scripts/generate-demo-images.ts
 * Flat shapes only: no text (no font to depend on), no metadata, no external references.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const OUT = join(import.meta.dirname, '..', 'apps', 'api', 'assets', 'images');

type Attrs = Record<string, string | number>;

const el = (tag: string, attrs: Attrs): string =>
  `<${tag}${Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${v}"`)
    .join('')}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra: Attrs = {}): string =>
  el('circle', { cx, cy, r, fill, ...extra });
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra: Attrs = {}): string =>
  el('ellipse', { cx, cy, rx, ry, fill, ...extra });
const rect = (x: number, y: number, width: number, height: number, fill: string, extra: Attrs = {}): string =>
  el('rect', { x, y, width, height, fill, ...extra });
const path = (d: string, fill: string, extra: Attrs = {}): string => el('path', { d, fill, ...extra });
const line = (d: string, stroke: string, width: number): string =>
  el('path', { d, fill: 'none', stroke, 'stroke-width': width, 'stroke-linecap': 'round' });
const group = (transform: string, ...children: string[]): string =>
  `<g transform="${transform}">${children.join('')}</g>`;
const rot = (deg: number, cx: number, cy: number): Attrs => ({ transform: `rotate(${deg} ${cx} ${cy})` });
// A <title> names the picture for assistive tech (and satisfies Biome's a11y rule); browsers never render it, so no font is involved.
const svg = (width: number, height: number, title: string, body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><title>${title}</title>${body}</svg>\n`;
const titleOf = (name: string): string => {
  const words = name.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Sunflower spread: `count` points evenly filling a disc, so textures (rice, nuts, crumbs) look natural but stay deterministic. */
type Point = [x: number, y: number, i: number];
const spread = (cx: number, cy: number, radius: number, count: number): Point[] =>
  Array.from({ length: count }, (_, i) => {
    const r = radius * Math.sqrt((i + 0.5) / count);
    const a = i * 2.39996;
    return [Math.round(cx + r * Math.cos(a)), Math.round(cy + r * Math.sin(a)), i];
  });
const every = (points: Point[], n: number, offset = 0): Point[] => points.filter(([, , i]) => i % n === offset);
const strokePath = (d: string, stroke: string, width: number): string =>
  d ? el('path', { d, fill: 'none', stroke, 'stroke-width': width, 'stroke-linecap': 'round' }) : '';
// Many same-coloured dots or grains as one path of round-capped strokes: a fraction of the bytes of separate shapes.
const dots = (points: Point[], r: number, color: string): string =>
  strokePath(points.map(([x, y]) => `M${x} ${y}h0`).join(''), color, r * 2);
const dashes = (points: Point[], length: number, width: number, color: string, turn = 37): string =>
  strokePath(
    points
      .map(([x, y, i]) => {
        const a = (i * turn * Math.PI) / 180;
        return `M${x} ${y}l${Math.round(length * Math.cos(a))} ${Math.round(length * Math.sin(a))}`;
      })
      .join(''),
    color,
    width,
  );

const SHADOW: Attrs = { 'fill-opacity': 0.08 };
const plate = (cx = 200, cy = 205, r = 165): string =>
  circle(cx + 5, cy + 10, r, '#000', SHADOW) + circle(cx, cy, r, '#fff') + circle(cx, cy, r * 0.8, '#F5EFE6');
const bowl = (cx: number, cy: number, r: number, rim: string, fill: string): string =>
  circle(cx + 5, cy + 10, r, '#000', SHADOW) + circle(cx, cy, r, rim) + circle(cx, cy, r * 0.84, fill);
const herbs = (cx: number, cy: number, radius: number, count: number): string =>
  dots(every(spread(cx, cy, radius, count), 3), 5, '#4F9A3C');
const lemon = (cx: number, cy: number, r: number): string =>
  circle(cx, cy, r, '#F2D13A') +
  circle(cx, cy, r * 0.8, '#F9E97C') +
  line(`M${cx - r * 0.6} ${cy}h${r * 1.2}`, '#F2D13A', 3);
const steam = (x: number, y: number): string =>
  line(`M${x} ${y}c-12-14 12-22 0-36M${x + 26} ${y - 4}c-12-14 12-22 0-36`, '#fff', 7);

// Each dish: background colour and a body drawn in a 400x400 box, so slides can reuse the body scaled.
const dishes: Record<string, { bg: string; body: string }> = {
  kabsa: {
    bg: '#FCEBD5',
    body:
      plate() +
      circle(200, 205, 112, '#E2993F') +
      dashes(spread(200, 205, 104, 34), 8, 5, '#F3C275') +
      ellipse(205, 195, 62, 44, '#A9541F', rot(-25, 205, 195)) +
      ellipse(196, 186, 40, 24, '#C86F2F', rot(-25, 196, 186)) +
      rect(248, 146, 34, 14, '#F7EBDD', { rx: 7, ...rot(-40, 265, 153) }) +
      dashes(every(spread(200, 205, 100, 12), 2, 1), 8, 8, '#F4DDB0', 30) +
      dots(every(spread(200, 205, 100, 12), 2), 4, '#5A2A2A') +
      herbs(200, 205, 95, 15),
  },
  mandi: {
    bg: '#FFF3D6',
    body:
      plate() +
      circle(200, 205, 115, '#F5DC9A') +
      dashes(spread(200, 205, 108, 40), 8, 5, '#FBEBC2') +
      dashes(every(spread(200, 205, 108, 40), 4), 8, 5, '#E98A2E') +
      path('M150 170c30-40 100-40 120 0 16 34-8 66-60 66s-78-30-60-66z', '#7E3F1E') +
      path('M168 176c22-24 70-24 84 0', 'none', { stroke: '#9E5A30', 'stroke-width': 10, 'stroke-linecap': 'round' }) +
      rect(238, 150, 44, 12, '#F7EBDD', { rx: 6, ...rot(-30, 260, 156) }) +
      bowl(300, 300, 34, '#fff', '#D9432B'),
  },
  jareesh: {
    bg: '#F6EBDD',
    body:
      bowl(200, 205, 160, '#A8643D', '#EBDCC2') +
      circle(200, 205, 40, '#F2C94C', { 'fill-opacity': 0.8 }) +
      dashes(spread(200, 205, 110, 18), 18, 7, '#8A4A22', 47),
  },
  'grill-skewers': {
    bg: '#FCE3D2',
    body:
      rect(40, 110, 320, 190, '#000', { rx: 90, ...SHADOW, transform: 'translate(5 10)' }) +
      rect(40, 110, 320, 190, '#fff', { rx: 90 }) +
      line('M70 170h260M70 240h260', '#9C7A54', 6) +
      [100, 150, 200, 250, 300]
        .map(
          (x, i) =>
            rect(x - 20, 150, 40, 40, ['#C2692D', '#E2533B', '#C2692D', '#6DAA4F', '#C2692D'][i] ?? '', { rx: 10 }) +
            rect(x - 20, 222, 40, 36, '#7A3E20', { rx: 18 }),
        )
        .join('') +
      line('M90 230h20M190 230h20M290 230h20', '#5A2A14', 4),
  },
  'lamb-chops': {
    bg: '#F9E4DA',
    body:
      plate() +
      [-30, 0, 30]
        .map((deg) =>
          group(
            `rotate(${deg} 200 205)`,
            rect(192, 70, 16, 70, '#F7EBDD', { rx: 8 }),
            ellipse(200, 180, 52, 44, '#8C3F22'),
            ellipse(200, 184, 36, 28, '#B25A34'),
          ),
        )
        .join('') +
      herbs(200, 260, 60, 12) +
      lemon(290, 280, 24),
  },
  'grilled-chicken': {
    bg: '#FDE6CF',
    body:
      plate() +
      path('M110 220c-10-70 60-120 130-100s90 90 50 130-170 40-180-30z', '#C4662A') +
      line('M140 170l100 60M150 140l110 60M130 205l90 55', '#7A3512', 7) +
      lemon(300, 150, 26) +
      ellipse(285, 285, 26, 12, '#7FB04C', rot(30, 285, 285)),
  },
  fish: {
    bg: '#E3EEF3',
    body:
      ellipse(205, 215, 175, 110, '#000', SHADOW) +
      ellipse(200, 205, 175, 110, '#fff') +
      path('M90 205c40-60 150-60 190 0-40 60-150 60-190 0z', '#D98A45') +
      path('M280 205l50-40v80z', '#C97A38') +
      circle(120, 196, 7, '#3A2414') +
      line('M150 180l20 50M190 175l20 60M230 180l20 50', '#8A4A22', 6) +
      lemon(140, 280, 22) +
      lemon(260, 285, 22),
  },
  shawarma: {
    bg: '#FCEAD8',
    body: group(
      'rotate(-20 200 210)',
      rect(135, 70, 130, 280, '#000', { rx: 40, ...SHADOW, transform: 'translate(6 8)' }),
      rect(135, 70, 130, 280, '#EFCB8E', { rx: 40 }),
      ellipse(200, 80, 60, 22, '#C9773B'),
      circle(178, 74, 10, '#6DAA4F'),
      circle(214, 70, 9, '#E2533B'),
      circle(230, 84, 8, '#F3E1C0'),
      rect(135, 200, 130, 150, '#fff', { rx: 20 }),
      rect(135, 230, 130, 16, '#7B3FA0'),
    ),
  },
  burger: {
    bg: '#FCE7D2',
    body:
      ellipse(205, 330, 150, 20, '#000', SHADOW) +
      path('M70 190c0-90 260-90 260 0z', '#E2A050') +
      dashes(spread(200, 140, 70, 9), 6, 5, '#FFF4DC', 0) +
      path('M66 200q22 22 44 0t44 0 44 0 44 0 44 0 44 0v12H66z', '#7CB548') +
      path('M70 212h260l-40 28-40-22-40 22-40-22-40 22z', '#F6C23E') +
      rect(72, 220, 256, 48, '#6E3419', { rx: 24 }) +
      rect(76, 276, 248, 48, '#E2A050', { rx: 20 }),
  },
  sandwich: {
    bg: '#FBEFD8',
    body:
      ellipse(205, 300, 165, 22, '#000', SHADOW) +
      path('M50 250c0-60 300-60 300 0z', '#7CB548') +
      rect(60, 232, 280, 26, '#E9E0C8', { rx: 13 }) +
      dots(
        [0, 1, 2, 3, 4, 5, 6].map((i): Point => [95 + i * 35, 240, i]),
        12,
        '#A86B3C',
      ) +
      dots(
        [0, 1, 2, 3, 4, 5].map((i): Point => [112 + i * 35, 236, i]),
        10,
        '#E2533B',
      ) +
      path('M40 260h320c0 30-20 50-50 50H90c-30 0-50-20-50-50z', '#D99A52') +
      path('M50 235c0-80 300-80 300 0z', '#E7B469') +
      line('M130 180l20 20M190 170l20 20M250 180l20 20', '#C4823F', 6),
  },
  fries: {
    bg: '#FFF1CF',
    body:
      ellipse(205, 345, 110, 16, '#000', SHADOW) +
      [120, 150, 180, 210, 240, 270].map((x, i) => rect(x, 80 + (i % 3) * 18, 22, 180, '#F4C542', { rx: 6 })).join('') +
      [135, 165, 195, 225, 255].map((x, i) => rect(x, 100 + (i % 2) * 20, 22, 160, '#E9B02C', { rx: 6 })).join('') +
      path('M100 170h200l-24 170H124z', '#D93B2B') +
      path('M100 170q100 50 200 0', '#B92E21'),
  },
  hummus: {
    bg: '#F5ECDC',
    body:
      bowl(200, 205, 160, '#FFFFFF', '#EAD7B1') +
      circle(200, 205, 100, '#E3CA9B') +
      circle(200, 205, 60, '#EAD7B1') +
      circle(200, 205, 34, '#C9A23A') +
      dots(spread(200, 205, 26, 5), 8, '#E7C489') +
      dots(every(spread(200, 205, 125, 14), 2, 1), 3, '#C0392B') +
      herbs(200, 205, 120, 12),
  },
  salad: {
    bg: '#E6F2E1',
    body:
      bowl(200, 205, 160, '#FFFFFF', '#CFE5B2') +
      ['#6DAA4F', '#8CC152', '#4E8A3A']
        .map((color, n) => dashes(every(spread(200, 205, 115, 22), 3, n), 24, 24, color, 40))
        .join('') +
      dots(spread(200, 205, 95, 7), 15, '#E2533B') +
      dots(spread(200, 205, 95, 7), 8, '#F07A62') +
      dots(spread(230, 190, 80, 6), 10, '#E2B66A'),
  },
  soup: {
    bg: '#FBE8D6',
    body:
      bowl(200, 205, 150, '#F4F0EA', '#E0873A') +
      circle(200, 205, 90, '#E89449') +
      dots(spread(200, 205, 80, 8), 9, '#F0C57E') +
      lemon(330, 320, 30) +
      herbs(200, 205, 70, 9),
  },
  sambousek: {
    bg: '#FCEEDA',
    body:
      plate() +
      [0, 72, 144, 216, 288]
        .map((deg) =>
          group(
            `rotate(${deg} 200 205)`,
            path('M200 190l-38-100h76z', '#E3A24B'),
            path('M200 190l-20-80h40z', '#EDBA68'),
          ),
        )
        .join('') +
      circle(200, 205, 30, '#fff') +
      circle(200, 205, 22, '#F3EDE0'),
  },
  falafel: {
    bg: '#EEF0DC',
    body:
      plate() +
      [0, 60, 120, 180, 240, 300]
        .map((deg) => {
          const a = (deg * Math.PI) / 180;
          const x = Math.round(200 + 88 * Math.cos(a));
          const y = Math.round(205 + 88 * Math.sin(a));
          return (
            circle(x, y, 32, '#7A4A1E') + circle(x - 8, y - 8, 12, '#95602C') + circle(x + 10, y + 6, 3, '#4F9A3C')
          );
        })
        .join('') +
      circle(200, 205, 36, '#fff') +
      circle(200, 205, 28, '#E7D6B0'),
  },
  shakshuka: {
    bg: '#FBE3D6',
    body:
      rect(320, 190, 80, 26, '#2F2A28', { rx: 12 }) +
      circle(195, 205, 160, '#000', SHADOW) +
      circle(190, 200, 158, '#2F2A28') +
      circle(190, 200, 140, '#C8412C') +
      dots(spread(190, 200, 130, 20), 7, '#E2634A') +
      [
        [150, 160],
        [240, 170],
        [180, 260],
      ]
        .map(([x = 0, y = 0]) => ellipse(x, y, 40, 34, '#FFFDF6') + circle(x + 4, y, 16, '#F6B820'))
        .join('') +
      herbs(190, 200, 120, 18),
  },
  foul: {
    bg: '#F3E8DA',
    body:
      bowl(200, 205, 155, '#8C5A3C', '#7D4B2A') +
      dashes(every(spread(200, 205, 115, 30), 2), 8, 18, '#9B6235', 33) +
      dashes(every(spread(200, 205, 115, 30), 2, 1), 8, 18, '#B07443', 33) +
      circle(200, 205, 36, '#D9B13B', { 'fill-opacity': 0.85 }) +
      herbs(200, 205, 110, 12) +
      lemon(320, 315, 26),
  },
  manakish: {
    bg: '#F7EEDB',
    body:
      circle(205, 215, 165, '#000', SHADOW) +
      circle(200, 205, 165, '#E4AE62') +
      circle(200, 205, 140, '#EFC57E') +
      dots(spread(200, 205, 130, 26), 14, '#FFF6DE') +
      dots(every(spread(209, 212, 130, 30), 2, 1), 4, '#D38A3A'),
  },
  mutabbaq: {
    bg: '#FBEAD9',
    body:
      plate() +
      rect(110, 115, 180, 180, '#D99343', { rx: 18, ...rot(12, 200, 205) }) +
      rect(125, 130, 150, 150, '#E9AE5E', { rx: 14, ...rot(12, 200, 205) }) +
      line('M125 205l150 30M178 130l-30 150M252 146l-30 150', '#C27C34', 6),
  },
  kunafa: {
    bg: '#FCE6D3',
    body:
      circle(205, 215, 160, '#000', SHADOW) +
      circle(200, 205, 160, '#B98A3B') +
      circle(200, 205, 145, '#E57B24') +
      dashes(spread(200, 205, 138, 46), 16, 5, '#F29A41') +
      dots(spread(200, 205, 60, 22), 6, '#8DB84A'),
  },
  luqaimat: {
    bg: '#FFF0D4',
    body:
      plate() +
      dots(spread(200, 205, 100, 13), 30, '#D9902E') +
      dots(spread(192, 196, 100, 13), 12, '#ECB354') +
      line('M110 160c40 40 70-30 110 10s70-20 80 20M120 240c40 30 90-20 160 10', '#7A3C10', 7) +
      dashes(spread(200, 205, 110, 20), 3, 4, '#FFF6E0'),
  },
  pudding: {
    bg: '#F5E8F0',
    body:
      ellipse(205, 330, 110, 20, '#000', SHADOW) +
      path('M90 150h220l-30 170H120z', '#E8E2F0') +
      path('M100 180h200l-24 130H124z', '#FFF8EC') +
      ellipse(200, 180, 100, 18, '#FFFDF7') +
      dashes(spread(200, 180, 60, 12), 6, 5, '#8DB84A', 0) +
      ellipse(200, 166, 18, 10, '#E0607E'),
  },
  cake: {
    bg: '#FBE9DA',
    body:
      plate(200, 215, 160) +
      path('M110 280l180-60v70H110z', '#8A4B22') +
      path('M110 280l180-60v22l-180 60z', '#6A3414') +
      path('M110 240l180-60v40l-180 60z', '#A4622F') +
      path(
        'M110 240l180-60c0 20-10 26-20 30s-6 30-22 30-10-20-24-14-8 40-30 40-14-36-30-24-18 40-36 30-18-20-18-32z',
        '#C7772B',
      ),
  },
  dates: {
    bg: '#F7E9DC',
    body:
      plate() +
      [0, 45, 90, 135, 180, 225, 270, 315]
        .map((deg) => {
          const a = (deg * Math.PI) / 180;
          const x = Math.round(200 + 92 * Math.cos(a));
          const y = Math.round(205 + 92 * Math.sin(a));
          return (
            ellipse(x, y, 36, 20, '#7A3F1A', rot(deg, x, y)) + ellipse(x - 6, y - 6, 16, 6, '#A2602D', rot(deg, x, y))
          );
        })
        .join('') +
      ellipse(200, 205, 36, 20, '#6A3414') +
      ellipse(194, 199, 16, 6, '#93552A'),
  },
  'saudi-coffee': {
    bg: '#F3E7D3',
    body:
      ellipse(190, 345, 140, 18, '#000', SHADOW) +
      path('M120 330c-30-70 10-120 30-150l-10-40h100l-10 40c20 30 60 80 30 150z', '#D4A437') +
      path('M140 140c0-50 80-50 80 0z', '#C18F26') +
      circle(180, 84, 10, '#C18F26') +
      path('M245 210c40-30 70-70 90-110l10 6c-16 44-40 90-86 124z', '#C18F26') +
      rect(128, 250, 104, 10, '#B07E1E') +
      path('M270 300h70l-10 40h-50z', '#FBF6EC') +
      ellipse(305, 300, 35, 8, '#E6C07A'),
  },
  tea: {
    bg: '#F7E3D8',
    body:
      ellipse(200, 330, 120, 22, '#F3ECE2') +
      ellipse(200, 326, 120, 22, '#fff') +
      path('M140 140h120l-16 180h-88z', '#F2F2F2', { 'fill-opacity': 0.7 }) +
      path('M146 170h108l-13 146h-82z', '#B5421C') +
      ellipse(200, 170, 54, 8, '#CF5A2E') +
      ellipse(270, 150, 26, 12, '#4F9A3C', rot(-30, 270, 150)) +
      ellipse(250, 130, 20, 9, '#6DAA4F', rot(20, 250, 130)) +
      steam(185, 120),
  },
  karak: {
    bg: '#F6E6D6',
    body:
      ellipse(205, 340, 100, 16, '#000', SHADOW) +
      path('M120 120h160l-22 215h-116z', '#FFFFFF') +
      rect(112, 108, 176, 22, '#7B3FA0', { rx: 8 }) +
      path('M130 190h140l-6 60H136z', '#C9873E') +
      path('M170 200l30 30 30-30', 'none', { stroke: '#fff', 'stroke-width': 6 }) +
      steam(185, 90),
  },
  'coffee-cup': {
    bg: '#EFE4D8',
    body:
      circle(205, 215, 160, '#000', SHADOW) +
      circle(200, 205, 160, '#fff') +
      circle(200, 205, 135, '#F3ECE2') +
      rect(300, 190, 70, 30, '#fff', { rx: 14 }) +
      circle(200, 205, 105, '#fff') +
      circle(200, 205, 90, '#8C5532') +
      circle(200, 205, 78, '#C89463') +
      path('M200 260c-70-50-50-100-18-90 10 4 18 14 18 24 0-10 8-20 18-24 32-10 52 40-18 90z', '#F8EEDF'),
  },
  juice: {
    bg: '#FFEBD1',
    body:
      ellipse(200, 345, 90, 16, '#000', SHADOW) +
      line('M220 40l-20 120', '#7B3FA0', 10) +
      path('M130 110h140l-16 230h-108z', '#FFFFFF', { 'fill-opacity': 0.8 }) +
      path('M136 140h128l-14 196h-100z', '#F39A1E') +
      ellipse(200, 140, 64, 10, '#F7B347') +
      circle(270, 115, 40, '#F39A1E') +
      circle(270, 115, 32, '#FBC766') +
      line('M246 115h48M270 91v48', '#F39A1E', 3),
  },
  'iced-coffee': {
    bg: '#EDE3D9',
    body:
      ellipse(200, 345, 90, 16, '#000', SHADOW) +
      line('M215 40l-10 130', '#3B2A20', 10) +
      path('M125 110h150l-18 230h-114z', '#FFFFFF', { 'fill-opacity': 0.85 }) +
      path('M133 150h134l-6 80h-122z', '#F1E2C8') +
      path('M139 230h122l-8 106h-106z', '#8C5532') +
      rect(150, 160, 40, 40, '#fff', { rx: 8, 'fill-opacity': 0.7, ...rot(15, 170, 180) }) +
      rect(205, 175, 40, 40, '#fff', { rx: 8, 'fill-opacity': 0.7, ...rot(-10, 225, 195) }),
  },
  soda: {
    bg: '#E4EDF7',
    body:
      ellipse(200, 340, 80, 16, '#000', SHADOW) +
      rect(140, 90, 120, 250, '#2F6DB5', { rx: 20 }) +
      ellipse(200, 92, 60, 14, '#C9D3DE') +
      path('M140 190c40 30 80-30 120 0v50c-40-30-80 30-120 0z', '#E2533B') +
      path('M140 160c40 30 80-30 120 0v14c-40-30-80 30-120 0z', '#fff'),
  },
  water: {
    bg: '#E3F0F6',
    body:
      ellipse(200, 345, 70, 14, '#000', SHADOW) +
      rect(178, 50, 44, 30, '#2F6DB5', { rx: 6 }) +
      path('M170 80h60c0 30 30 40 30 80v170c0 10-8 14-16 14h-88c-8 0-16-4-16-14V160c0-40 30-50 30-80z', '#BFE0F2') +
      rect(140, 200, 120, 70, '#2F8FD1') +
      line('M150 235h100', '#fff', 6),
  },
  laban: {
    bg: '#EAF1F4',
    body:
      ellipse(200, 340, 90, 16, '#000', SHADOW) +
      path('M130 110h140l-14 225h-112z', '#FFFFFF') +
      rect(124, 100, 152, 20, '#D6E3EA', { rx: 8 }) +
      rect(133, 190, 134, 50, '#3C8DBC') +
      circle(200, 215, 16, '#fff'),
  },
  combo: {
    bg: '#F3E6F6',
    body:
      rect(30, 90, 340, 250, '#000', { rx: 30, ...SHADOW, transform: 'translate(5 10)' }) +
      rect(30, 90, 340, 250, '#7B3FA0', { rx: 30 }) +
      rect(45, 105, 310, 220, '#F6EDF9', { rx: 22 }) +
      group(
        'translate(40 120) scale(.5)',
        path('M70 190c0-90 260-90 260 0z', '#E2A050'),
        rect(66, 196, 268, 20, '#7CB548', { rx: 10 }),
        rect(72, 220, 256, 48, '#6E3419', { rx: 24 }),
        rect(76, 276, 248, 48, '#E2A050', { rx: 20 }),
      ) +
      group(
        'translate(170 110) scale(.45)',
        [120, 150, 180, 210, 240, 270].map((x) => rect(x, 90, 22, 180, '#F4C542', { rx: 6 })).join(''),
        path('M100 170h200l-24 170H124z', '#D93B2B'),
      ) +
      group(
        'translate(255 140) scale(.45)',
        path('M120 120h160l-22 215h-116z', '#fff'),
        rect(112, 108, 176, 22, '#E2533B', { rx: 8 }),
      ),
  },
};

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
