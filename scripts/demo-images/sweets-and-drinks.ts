// The demo menu's sweets and drinks, and the combo: each a background colour and a body drawn in a 400x400 box.
import { circle, dashes, dots, ellipse, group, line, path, plate, rect, rot, SHADOW, spread, steam } from './shapes.ts';

export const sweetsAndDrinks: Record<string, { bg: string; body: string }> = {
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
