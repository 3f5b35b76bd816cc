import { errorResponses } from '@sufra/shared/schemas/common';
import { geocodeQuery, geocodeResponse } from '@sufra/shared/schemas/geocoding';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createFixedWindowLimit } from '../../lib/fixed-window-limit.ts';
import { AppError } from '../../plugins/errors.ts';
import type { GeocodingProvider } from '../../providers/geocoding/geocoding.ts';

/**
 * Searches one client address may make a minute (docs/adr/0531): a diner typing an address with the form's 300 ms
 * debounce makes about one a word; this lets a household behind one address search freely and keeps a script
 * from using us (or a configured Nominatim server behind us) as a free geocoder.
 */
export const GEOCODE_SEARCHES_PER_MINUTE = 60;

/**
 * Address search for the console's map and the diner's address form (issue 26 item 5): the configured provider,
 * by default the bundled gazetteer. A provider that fails answers an empty list: the pin still works by hand.
 * Public (the diner's form may be filled before any sign-in, and the answer is the same for everyone), limited per
 * client address: past the limit 429 rate_limited with Retry-After.
 */
export const geocodingRoutes: FastifyPluginAsyncZod<{ geocoder: GeocodingProvider; now?: () => Date }> = async (
  app,
  { geocoder, now = () => new Date() },
) => {
  const limit = createFixedWindowLimit({ max: GEOCODE_SEARCHES_PER_MINUTE, windowMs: 60_000 });
  app.get(
    '/geocode/',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['geocoding'],
        summary: 'Places matching an address search, in Arabic or English, best first',
        querystring: geocodeQuery,
        response: { 200: geocodeResponse, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const wait = limit.hit(request.ip, now().getTime());
      if (wait !== null) throw new AppError('rate_limited', { retryAfterSeconds: wait });
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
