import type { Language } from '@sufra/shared/language';
import L from 'leaflet';
import { roundScaleMeters, scaleLabel } from './scale-label';

/** The widest the bar may be, in CSS pixels. */
const MAX_WIDTH = 100;

/**
 * A metric scale bar in the interface language (Leaflet's own writes "m" and Latin digits whatever the language).
 * The bar's length is what a round distance measures across the middle of the map at the current zoom.
 */
export function mapScale(language: Language): L.Control {
  const Scale = L.Control.extend({
    onAdd(map: L.Map) {
      const bar = L.DomUtil.create('div', 'address-map__scale');
      bar.setAttribute('data-testid', 'map-scale');
      bar.dir = 'auto';
      const update = () => {
        const y = map.getSize().y / 2;
        const across = map.distance(map.containerPointToLatLng([0, y]), map.containerPointToLatLng([MAX_WIDTH, y]));
        const meters = roundScaleMeters(across);
        bar.style.inlineSize = `${Math.round((MAX_WIDTH * meters) / across)}px`;
        bar.textContent = scaleLabel(meters, language);
      };
      map.on('zoomend moveend resize', update);
      update();
      return bar;
    },
  });
  return new Scale({ position: 'bottomleft' });
}
