import 'leaflet/dist/leaflet.css';
import { pickDeliveryZone } from '@sufra/shared/geo/point-in-zone';
import type { Language } from '@sufra/shared/language';
import { formatSar } from '@sufra/shared/money';
import type { Branch } from '@sufra/shared/schemas/branch';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { env } from '../../config/env';
import { useLanguage } from '../../lib/use-language';
import { useTranslation } from '../../lib/use-translation';
import { mapScale } from './map-scale';
import '../ui/form.css';

export interface LatLng {
  lat: number;
  lng: number;
}

/** What the map draws of a branch: where it is and the zones it delivers to. */
export type MapBranch = Pick<Branch, 'id' | 'name' | 'location' | 'deliveryZones'>;

interface Props {
  value: LatLng | null;
  /** Where the map opens when no point is set yet and there is nothing to draw (the branch). */
  center: LatLng;
  /** The branches to draw, each with its delivery zones shaded and labelled with fee and minimum. */
  branches: readonly MapBranch[];
  onChange: (point: LatLng) => void;
}

// A CSS pin: Leaflet's default marker images are resolved from its stylesheet's URL, which bundlers break.
const pin = L.divIcon({
  className: '',
  html: '<div class="address-map__pin"></div>',
  iconSize: [28, 28],
  iconAnchor: [14, 28],
});

const ZONE_STYLE: L.PathOptions = { color: '#6b3fa0', weight: 2, fillColor: '#6b3fa0', fillOpacity: 0.14 };
const BRANCH_STYLE: L.CircleMarkerOptions = {
  radius: 8,
  color: '#fff',
  weight: 3,
  fillColor: '#1f6f5c',
  fillOpacity: 1,
  interactive: false,
  // With the pin, above the zones' labels.
  pane: 'markerPane',
};

/** A label as a DOM node: names come from the database, so they are text, never HTML. */
function label(lines: string[], className: string): HTMLElement {
  const element = document.createElement('span');
  element.className = className;
  // The map itself is laid out left to right (below); each label reads in its own language's direction.
  element.dir = 'auto';
  for (const [index, line] of lines.entries()) {
    if (index > 0) element.append(document.createElement('br'));
    element.append(document.createTextNode(line));
  }
  return element;
}

type Zone = MapBranch['deliveryZones'][number];

function zoneLines(zone: Zone, language: Language, t: ReturnType<typeof useTranslation>['t']) {
  const lines = [zone.name[language], t('address.zoneFee', { fee: formatSar(zone.feeHalalas, language) })];
  if (zone.minimumOrderHalalas > 0) {
    lines.push(t('address.zoneMinimum', { amount: formatSar(zone.minimumOrderHalalas, language) }));
  }
  return lines;
}

/**
 * The address's map point (Leaflet, in this lazy chunk only). A tap or click places the pin, a drag adjusts it, and
 * "Use my current location" (in the form) sets it; coordinates are never typed. The map draws what we know, so it is
 * useful without map tiles (the default, and every test): the branches, their delivery zones shaded with fee and
 * minimum, the pin and a scale, all as SVG made here (nothing downloaded). Tiles from VITE_MAP_TILE_URL are drawn
 * underneath when configured. Keyboard users move the map with the arrow keys and place the pin at its centre.
 */
export default function AddressMap({ value, center, branches, onChange }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const container = useRef<HTMLDivElement>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const map = useLeafletMap(container, value ?? center, changed);
  useBranchLayers(map, branches, value);
  usePin(map, value, changed);

  const pinCentre = () => {
    const middle = map?.getCenter();
    if (middle) changed.current({ lat: round(middle.lat), lng: round(middle.lng) });
  };

  const zones = branches.flatMap((b) => b.deliveryZones);
  const zoneHere = value ? pickDeliveryZone(value, zones) : undefined;

  return (
    <div className="address-map-block">
      <div
        ref={container}
        className={`address-map${env.MAP_TILE_URL ? '' : ' address-map--drawn'}`}
        // Leaflet positions its panes, tooltips and controls from the left: in a right-to-left page its absolutely
        // placed tooltips start from the wrong edge. A map has no reading direction; its labels keep theirs (dir=auto).
        dir="ltr"
        data-testid="address-map"
        data-pin={value ? 'placed' : 'none'}
        role="application"
        aria-label={t('address.mapLabel')}
      />
      <div className="address-map__tools">
        <button type="button" className="btn btn-secondary address-map__centre" onClick={pinCentre}>
          {t('address.pinCentre')}
        </button>
      </div>
      <p className="field__hint" role="status" data-testid="address-map-status">
        {!value
          ? t('address.pinNone')
          : zones.length === 0
            ? t('address.pinPlaced')
            : zoneHere
              ? t('address.pinInZone', { zone: zoneHere.name[language] })
              : t('address.pinOutside')}
      </p>
      {zones.length > 0 && (
        <ul className="address-map__legend" aria-label={t('address.zonesTitle')} data-testid="address-map-zones">
          {zones.map((zone) => (
            <li key={zone.id}>
              <span className="address-map__swatch" aria-hidden="true" />
              {zoneLines(zone, language, t).join(' · ')}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type ChangeRef = { current: (point: LatLng) => void };

/** The Leaflet map, created once (in the language it opened in) at `start`; a click places the pin. */
function useLeafletMap(container: { current: HTMLDivElement | null }, start: LatLng, changed: ChangeRef) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [map, setMap] = useState<L.Map | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is created once (in the language it opened in); value and areas follow below
  useEffect(() => {
    if (!container.current) return;
    const instance = L.map(container.current, {
      center: [start.lat, start.lng],
      zoom: 15,
      attributionControl: env.MAP_TILE_URL !== '',
      zoomControl: false,
      // Arrow keys move the map (it is focusable); the "pin the centre" button places the pin there.
      keyboard: true,
      // Quarter steps, so framing the zones fills the map instead of stopping a whole zoom level short.
      zoomSnap: 0.25,
    });
    // Zone labels sit under the pin and the branches (the marker pane is 600, tooltips 650).
    instance.createPane('zoneLabels').style.zIndex = '550';
    L.control.zoom({ zoomInTitle: t('address.zoomIn'), zoomOutTitle: t('address.zoomOut') }).addTo(instance);
    mapScale(language).addTo(instance);
    if (env.MAP_TILE_URL) {
      L.tileLayer(env.MAP_TILE_URL, { maxZoom: 19, attribution: env.MAP_TILE_ATTRIBUTION }).addTo(instance);
    }
    instance.on('click', (event: L.LeafletMouseEvent) => {
      changed.current({ lat: round(event.latlng.lat), lng: round(event.latlng.lng) });
    });
    setMap(instance);
    return () => {
      instance.remove();
      setMap(null);
    };
  }, []);

  return map;
}

function useBranchLayers(map: L.Map | null, branches: readonly MapBranch[], value: LatLng | null) {
  const { t } = useTranslation();
  const language = useLanguage();
  // The branches and their zones, redrawn when the list arrives or changes. The first drawing frames them all
  // unless a point is already set (editing an address opens on it).
  const framed = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the point is read once, for the first framing only; moving the pin must not redraw the zones
  useEffect(() => {
    const instance = map;
    if (!instance) return;
    const layer = L.featureGroup();
    for (const branch of branches) {
      for (const zone of branch.deliveryZones) {
        const shape = L.geoJSON(zone.geometry as GeoJSON.Geometry, { style: ZONE_STYLE, interactive: false });
        shape.bindTooltip(label(zoneLines(zone, language, t), 'address-map__zone-label'), {
          permanent: true,
          direction: 'center',
          pane: 'zoneLabels',
          // A little below the middle: a zone's branch is usually near its middle, with its own label above it.
          offset: [0, 36],
          className: 'address-map__tooltip',
          interactive: false,
        });
        layer.addLayer(shape);
      }
    }
    for (const branch of branches) {
      const dot = L.circleMarker([branch.location.lat, branch.location.lng], BRANCH_STYLE);
      dot.bindTooltip(label([branch.name[language]], 'address-map__branch-label'), {
        permanent: true,
        direction: 'top',
        offset: [0, -8],
        className: 'address-map__tooltip address-map__tooltip--branch',
        interactive: false,
      });
      layer.addLayer(dot);
    }
    layer.addTo(instance);
    if (!framed.current && branches.length > 0) {
      framed.current = true;
      const bounds = layer.getBounds();
      if (!value && bounds.isValid()) instance.fitBounds(bounds, { padding: [8, 8], maxZoom: 15 });
    }
    return () => {
      layer.remove();
    };
  }, [branches, map, language, t]);
}

/** The pin follows the value: placed, moved (and brought into view) or removed; dragging it changes the value. */
function usePin(map: L.Map | null, value: LatLng | null, changed: ChangeRef) {
  const marker = useRef<L.Marker | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `changed` is a ref to the latest onChange, read when the pin is dropped
  useEffect(() => {
    const instance = map;
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
  }, [value, map]);
  // A new map (after a remount) starts without the pin.
  useEffect(() => {
    if (!map) marker.current = null;
  }, [map]);
}

/** Six decimals (~10 cm) are plenty for a door. */
function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
