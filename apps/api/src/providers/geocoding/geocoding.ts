import type { GeocodePlace } from '@sufra/shared/schemas/geocoding';

/**
 * Address search behind one interface (house rule 13): the offline gazetteer by default, a real provider by
 * configuration (GEOCODING_PROVIDER). `near` biases the order towards a point (the branch, the map's centre).
 */
export interface GeocodingProvider {
  readonly name: string;
  search(
    query: string,
    options: { language: 'ar' | 'en'; near?: { lat: number; lng: number } | undefined; limit: number },
  ): Promise<GeocodePlace[]>;
}
