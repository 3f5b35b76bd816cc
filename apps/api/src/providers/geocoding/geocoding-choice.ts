import type { Config } from '../../config/config-types.ts';
import { createGazetteerGeocoder } from './gazetteer-geocoder.ts';
import type { GeocodingProvider } from './geocoding.ts';
import { createNominatimGeocoder } from './nominatim-geocoder.ts';

/** The configured address search: the offline gazetteer unless GEOCODING_PROVIDER names a server. */
export function createGeocoder(config: Pick<Config, 'geocoding'>): GeocodingProvider {
  return config.geocoding.provider === 'nominatim'
    ? createNominatimGeocoder(config.geocoding.url)
    : createGazetteerGeocoder();
}
