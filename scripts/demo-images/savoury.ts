// The savoury dishes of the demo menu: each a background colour and a body drawn in a 400x400 box.
import {
  bowl,
  circle,
  dashes,
  dots,
  ellipse,
  every,
  group,
  herbs,
  lemon,
  line,
  type Point,
  path,
  plate,
  rect,
  rot,
  SHADOW,
  spread,
} from './shapes.ts';

export const savoury: Record<string, { bg: string; body: string }> = {
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
};
