import { errorResponses } from '@sufra/shared/schemas/common';
import { geocodeQuery, geocodeResponse } from '@sufra/shared/schemas/geocoding';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { GeocodingProvider } from '../../providers/geocoding/geocoding.ts';

/**
 * Address search for the console's map and the diner's address form (issue 26 item 5): the configured provider,
 * by default the bundled gazetteer. A provider that fails answers an empty list: the pin still works by hand.
 */
export const geocodingRoutes: FastifyPluginAsyncZod<{ geocoder: GeocodingProvider }> = async (app, { geocoder }) => {
  app.get(
    '/geocode/',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['geocoding'],
        summary: 'Places matching an address search, in Arabic or English, best first',
        querystring: geocodeQuery,
        response: { 200: geocodeResponse, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const [lat, lng] = request.query.near?.split(',').map(Number) ?? [];
      const near = lat !== undefined && lng !== undefined ? { lat, lng } : undefined;
      const language = request.language;
      try {
        const places = await geocoder.search(request.query.q, { language, near, limit: 8 });
        reply.header('cache-control', 'public, max-age=3600');
        return { places, provider: geocoder.name };
      } catch (error) {
        request.log.warn({ err: error }, 'geocoder failed');
        return { places: [], provider: geocoder.name };
      }
    },
  );
};
