import { z } from 'zod';
import { latLng, localizedText } from './common.ts';

/** Address search (issue 26 item 5): places matching a query, in Arabic or English, best first. */
export const geocodeQuery = z.object({
  q: z.string().trim().min(2).max(100),
  /** Bias towards places near here (the branch or the map's centre), when given. */
  near: z
    .string()
    .regex(/^-?\d{1,2}(\.\d+)?,-?\d{1,3}(\.\d+)?$/)
    .optional(),
});

export const geocodePlace = z.object({
  name: localizedText,
  /** What it is in: the city for a district, the region for a city. */
  context: localizedText,
  kind: z.enum(['city', 'district', 'place']),
  location: latLng,
});
export type GeocodePlace = z.infer<typeof geocodePlace>;

export const geocodeResponse = z.object({ places: z.array(geocodePlace), provider: z.string() });
export type GeocodeResponse = z.infer<typeof geocodeResponse>;
