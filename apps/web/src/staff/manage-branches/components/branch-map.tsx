import 'leaflet/dist/leaflet.css';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import type { ManageZone } from '@sufra/shared/schemas/branch-manage';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { mapScale } from '../../../components/address/map-scale';
import '../../../components/address/address.css';
import { env } from '../../../config/env';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';

export interface LatLng {
  lat: number;
  lng: number;
}
/** An outline ring as the API takes it: [lng, lat] positions, closed. */
export type Ring = [number, number][];

interface Props {
  location: LatLng;
  /** Moving the branch's pin (click on the map, or drag the pin); absent = the pin stays put. */
  onLocation?: (point: LatLng) => void;
  zones: readonly ManageZone[];
  /** The zone whose outline is being edited (its corners draggable), or 'new' while one is drawn. */
  editing: number | 'new' | null;
  /** A drawn or edited outline, each time it changes. */
  onOutline: (ring: Ring) => void;
  /** Where to bring the map (an address search's result). */
  focus?: LatLng | null;
  /** A new zone's outline once drawn, shown until it is saved or dropped. */
  preview?: Ring | null;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;
const ZONE: L.PathOptions = { color: '#6b3fa0', weight: 2, fillColor: '#6b3fa0', fillOpacity: 0.14 };
const ZONE_EDITING: L.PathOptions = { color: '#c2410c', weight: 3, fillColor: '#c2410c', fillOpacity: 0.2 };
const pin = L.divIcon({
  className: '',
  html: '<div class="address-map__pin"></div>',
  iconSize: [28, 28],
  iconAnchor: [14, 28],
});

function ringOf(layer: L.Polygon): Ring {
  const latlngs = layer.getLatLngs()[0] as L.LatLng[];
  const ring: Ring = latlngs.map((p) => [round(p.lng), round(p.lat)]);
  const first = ring[0];
  if (first) ring.push([first[0], first[1]]);
  return ring;
}

/**
 * The console's map (issue 26 items 4, 5): the branch's pin and its delivery zones, drawn and edited with
 * Leaflet-Geoman (docs/adr/0440-zone-drawing-with-leaflet-geoman.md). Without tiles (VITE_MAP_TILE_URL unset) it is
 * the diner's drawn map: a grid, the shapes and a scale; with tiles, streets under them.
 */
export function BranchMap({ location, onLocation, zones, editing, onOutline, focus, preview }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const container = useRef<HTMLDivElement | null>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const latest = useRef({ onLocation, onOutline });
  latest.current = { onLocation, onOutline };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is made once; what it shows follows below
  useEffect(() => {
    if (!container.current) return;
    const instance = L.map(container.current, {
      center: [location.lat, location.lng],
      zoom: 13,
      zoomSnap: 0.25,
      attributionControl: env.MAP_TILE_URL !== '',
    });
    mapScale(language).addTo(instance);
    if (env.MAP_TILE_URL) {
      L.tileLayer(env.MAP_TILE_URL, { maxZoom: 19, attribution: env.MAP_TILE_ATTRIBUTION }).addTo(instance);
    }
    instance.on('click', (event: L.LeafletMouseEvent) => {
      if (instance.pm.globalDrawModeEnabled()) return;
      latest.current.onLocation?.({ lat: round(event.latlng.lat), lng: round(event.latlng.lng) });
    });
    instance.on('pm:create', (event) => {
      const layer = event.layer as L.Polygon;
      latest.current.onOutline(ringOf(layer));
      layer.remove();
    });
    setMap(instance);
    return () => {
      instance.remove();
      setMap(null);
    };
  }, []);

  // The branch's pin, draggable when the location may change.
  useEffect(() => {
    if (!map) return;
    const marker = L.marker([location.lat, location.lng], {
      icon: pin,
      draggable: Boolean(onLocation),
      pmIgnore: true,
      keyboard: false,
    } as L.MarkerOptions).addTo(map);
    marker.on('dragend', () => {
      const p = marker.getLatLng();
      latest.current.onLocation?.({ lat: round(p.lat), lng: round(p.lng) });
    });
    return () => {
      marker.remove();
    };
  }, [map, location.lat, location.lng, onLocation]);

  // The zones: the one being edited has draggable corners; the others are shaded and labelled.
  const framed = useRef(false);
  useEffect(() => {
    if (!map) return;
    const group = L.featureGroup();
    for (const zone of zones) {
      const ring = (zone.geometry.coordinates[0] ?? []) as [number, number][];
      const polygon = L.polygon(
        ring.slice(0, -1).map(([lng, lat]) => [lat, lng] as [number, number]),
        zone.id === editing ? ZONE_EDITING : ZONE,
      );
      const name = document.createElement('span');
      name.dir = 'auto';
      name.textContent = zone.name[language];
      polygon.bindTooltip(name, { permanent: true, direction: 'center', className: 'address-map__tooltip' });
      group.addLayer(polygon);
      if (zone.id === editing) {
        polygon.pm.enable({ allowSelfIntersection: false, snappable: false });
        polygon.on('pm:edit', () => latest.current.onOutline(ringOf(polygon)));
      }
    }
    group.addTo(map);
    if (!framed.current) {
      framed.current = true;
      const bounds = group.getBounds().extend([location.lat, location.lng]);
      if (bounds.isValid() && zones.length > 0) map.fitBounds(bounds, { padding: [16, 16], maxZoom: 15 });
    }
    return () => {
      group.remove();
    };
  }, [map, zones, editing, language, location.lat, location.lng]);

  // Drawing a new zone: Geoman's polygon tool, closed by clicking the first corner.
  useEffect(() => {
    if (!map) return;
    if (editing === 'new')
      // No Geoman tooltips: it has no Arabic; the page's own hint says what to do, in both languages.
      map.pm.enableDraw('Polygon', { allowSelfIntersection: false, snappable: false, tooltips: false });
    else map.pm.disableDraw();
  }, [map, editing]);

  useEffect(() => {
    if (map && focus) map.setView([focus.lat, focus.lng], 14);
  }, [map, focus]);

  // The drawn outline stays on the map while its form is filled in.
  useEffect(() => {
    if (!map || !preview) return;
    const shape = L.polygon(
      preview.slice(0, -1).map(([lng, lat]) => [lat, lng] as [number, number]),
      { ...ZONE_EDITING, pmIgnore: true } as L.PolylineOptions,
    ).addTo(map);
    return () => {
      shape.remove();
    };
  }, [map, preview]);

  return (
    <div
      ref={container}
      className={`address-map manage-branches__map${env.MAP_TILE_URL ? '' : ' address-map--drawn'}`}
      dir="ltr"
      data-testid="branch-map"
      data-editing={editing ?? 'none'}
      role="application"
      aria-label={t('manageBranches.map.label')}
    />
  );
}
