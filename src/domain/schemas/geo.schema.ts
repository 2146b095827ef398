// The ZIP code and service-area API (decision 0048): GET /api/geo/zip/{zip}, GET / PUT /api/provider/service-area,
// and the `near` and `radius` query of the lists that measure distance.
import { z } from 'zod';
import { SERVICE_RADII, ZIP_MESSAGE } from '../geo.ts';

export const SERVICE_AREA_MESSAGES = {
  radius: `Choose a radius of ${SERVICE_RADII.slice(0, -1).join(', ')} or ${SERVICE_RADII.at(-1)} miles`,
  zip: ZIP_MESSAGE,
  near: 'Give a ZIP code to measure distance from',
  nearUnknown: 'Enter a valid US ZIP code to measure distance from',
  radiusRange: 'The radius is a number of miles from 1 to 500',
} as const;

export const zipPlaceSchema = z.object({
  zip: z.string(),
  city: z.string(),
  state: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** IANA time zone ("America/New_York"). */
  timeZone: z.string(),
});
export type ZipPlace = z.infer<typeof zipPlaceSchema>;

export const zipParamsSchema = z.object({ zip: z.string().min(1).max(20) });

/** Five digits; the server then checks the data. */
export const zipCodeField = z
  .string({ error: ZIP_MESSAGE })
  .trim()
  .regex(/^\d{5}$/, ZIP_MESSAGE);

/** PUT /api/provider/service-area. */
export const serviceAreaBodySchema = z.object({
  zip: zipCodeField,
  radiusMiles: z.union(
    SERVICE_RADII.map((r) => z.literal(r)) as [z.ZodLiteral<5>, ...z.ZodLiteral<number>[]],
    {
      error: SERVICE_AREA_MESSAGES.radius,
    },
  ),
});
export type ServiceAreaBody = z.infer<typeof serviceAreaBodySchema>;

/**
 * A provider's service area. `zip` null: none yet (no ZIP on the business profile either). `isDefault`: not chosen,
 * the business profile's ZIP code and 25 miles.
 */
export const serviceAreaSchema = z.object({
  zip: z.string().nullable(),
  radiusMiles: z.number().int(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  isDefault: z.boolean(),
});
export type ServiceArea = z.infer<typeof serviceAreaSchema>;

/** `?near={zip}&radius={miles}` on the lists (radius needs near; near alone only measures). */
export const nearQueryShape = {
  near: z
    .string()
    .trim()
    .regex(/^\d{5}$/, SERVICE_AREA_MESSAGES.nearUnknown)
    .optional(),
  radius: z.coerce
    .number({ error: SERVICE_AREA_MESSAGES.radiusRange })
    .min(1, SERVICE_AREA_MESSAGES.radiusRange)
    .max(500, SERVICE_AREA_MESSAGES.radiusRange)
    .optional(),
};

/** The distance an item of a list carries when the list was asked `near` a ZIP code; null without a location. */
export const distanceField = { distanceMiles: z.number().nullable().optional() };
