import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { env } from '../../config/env';
import { useTranslation } from '../../lib/use-translation';

export interface LatLng {
  lat: number;
  lng: number;
}

interface Props {
  value: LatLng | null;
  /** Where the map opens when no point is set yet (the branch). */
  center: LatLng;
  onChange: (point: LatLng) => void;
}

// A CSS pin: Leaflet's default marker images are resolved from its stylesheet's URL, which bundlers break.
const pin = L.divIcon({
  className: '',
  html: '<div class="address-map__pin"></div>',
  iconSize: [28, 28],
  iconAnchor: [14, 28],
});

/**
 * The address's map point (Leaflet, in this lazy chunk only). Tap or click to place the pin, drag it to adjust.
 * Tiles come from VITE_MAP_TILE_URL; without it the map is a plain background and the pin still works.
 * Keyboard and screen-reader users set the point with the latitude/longitude fields beside it.
 */
export default function AddressMap({ value, center, onChange }: Props) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is created once (in the language it opened in); value and center follow below
  useEffect(() => {
    if (!container.current) return;
    const start = value ?? center;
    const instance = L.map(container.current, {
      center: [start.lat, start.lng],
      zoom: 16,
      attributionControl: env.MAP_TILE_URL !== '',
      zoomControl: false,
      keyboard: false,
    });
    L.control.zoom({ zoomInTitle: t('address.zoomIn'), zoomOutTitle: t('address.zoomOut') }).addTo(instance);
    if (env.MAP_TILE_URL) {
      L.tileLayer(env.MAP_TILE_URL, { maxZoom: 19, attribution: env.MAP_TILE_ATTRIBUTION }).addTo(instance);
    }
    instance.on('click', (event: L.LeafletMouseEvent) => {
      changed.current({ lat: round(event.latlng.lat), lng: round(event.latlng.lng) });
    });
    map.current = instance;
    return () => {
      instance.remove();
      map.current = null;
      marker.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    if (!value) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (!marker.current) {
      marker.current = L.marker([value.lat, value.lng], { icon: pin, draggable: true, keyboard: false }).addTo(
        instance,
      );
      marker.current.on('dragend', () => {
        const point = marker.current?.getLatLng();
        if (point) changed.current({ lat: round(point.lat), lng: round(point.lng) });
      });
    } else {
      marker.current.setLatLng([value.lat, value.lng]);
    }
    if (!instance.getBounds().contains([value.lat, value.lng])) instance.panTo([value.lat, value.lng]);
  }, [value]);

  return <div ref={container} className="address-map" data-testid="address-map" title={t('address.mapLabel')} />;
}

/** Six decimals (~10 cm) are plenty for a door. */
function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
