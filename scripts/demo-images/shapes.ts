// The flat shapes the demo's illustrations are drawn with (scripts/generate-demo-images.ts).

export type Attrs = Record<string, string | number>;

export const el = (tag: string, attrs: Attrs): string =>
  `<${tag}${Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${v}"`)
    .join('')}/>`;
export const circle = (cx: number, cy: number, r: number, fill: string, extra: Attrs = {}): string =>
  el('circle', { cx, cy, r, fill, ...extra });
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra: Attrs = {}): string =>
  el('ellipse', { cx, cy, rx, ry, fill, ...extra });
export const rect = (x: number, y: number, width: number, height: number, fill: string, extra: Attrs = {}): string =>
  el('rect', { x, y, width, height, fill, ...extra });
export const path = (d: string, fill: string, extra: Attrs = {}): string => el('path', { d, fill, ...extra });
export const line = (d: string, stroke: string, width: number): string =>
  el('path', { d, fill: 'none', stroke, 'stroke-width': width, 'stroke-linecap': 'round' });
export const group = (transform: string, ...children: string[]): string =>
  `<g transform="${transform}">${children.join('')}</g>`;
export const rot = (deg: number, cx: number, cy: number): Attrs => ({ transform: `rotate(${deg} ${cx} ${cy})` });
// A <title> names the picture for assistive tech (and satisfies Biome's a11y rule); browsers never render it, so no font is involved.
export const svg = (width: number, height: number, title: string, body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><title>${title}</title>${body}</svg>\n`;
export const titleOf = (name: string): string => {
  const words = name.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Sunflower spread: `count` points evenly filling a disc, so textures (rice, nuts, crumbs) look natural but stay deterministic. */
export type Point = [x: number, y: number, i: number];
export const spread = (cx: number, cy: number, radius: number, count: number): Point[] =>
  Array.from({ length: count }, (_, i) => {
    const r = radius * Math.sqrt((i + 0.5) / count);
    const a = i * 2.39996;
    return [Math.round(cx + r * Math.cos(a)), Math.round(cy + r * Math.sin(a)), i];
  });
export const every = (points: Point[], n: number, offset = 0): Point[] => points.filter(([, , i]) => i % n === offset);
export const strokePath = (d: string, stroke: string, width: number): string =>
  d ? el('path', { d, fill: 'none', stroke, 'stroke-width': width, 'stroke-linecap': 'round' }) : '';
// Many same-coloured dots or grains as one path of round-capped strokes: a fraction of the bytes of separate shapes.
export const dots = (points: Point[], r: number, color: string): string =>
  strokePath(points.map(([x, y]) => `M${x} ${y}h0`).join(''), color, r * 2);
export const dashes = (points: Point[], length: number, width: number, color: string, turn = 37): string =>
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

export const SHADOW: Attrs = { 'fill-opacity': 0.08 };
export const plate = (cx = 200, cy = 205, r = 165): string =>
  circle(cx + 5, cy + 10, r, '#000', SHADOW) + circle(cx, cy, r, '#fff') + circle(cx, cy, r * 0.8, '#F5EFE6');
export const bowl = (cx: number, cy: number, r: number, rim: string, fill: string): string =>
  circle(cx + 5, cy + 10, r, '#000', SHADOW) + circle(cx, cy, r, rim) + circle(cx, cy, r * 0.84, fill);
export const herbs = (cx: number, cy: number, radius: number, count: number): string =>
  dots(every(spread(cx, cy, radius, count), 3), 5, '#4F9A3C');
export const lemon = (cx: number, cy: number, r: number): string =>
  circle(cx, cy, r, '#F2D13A') +
  circle(cx, cy, r * 0.8, '#F9E97C') +
  line(`M${cx - r * 0.6} ${cy}h${r * 1.2}`, '#F2D13A', 3);
export const steam = (x: number, y: number): string =>
  line(`M${x} ${y}c-12-14 12-22 0-36M${x + 26} ${y - 4}c-12-14 12-22 0-36`, '#fff', 7);
