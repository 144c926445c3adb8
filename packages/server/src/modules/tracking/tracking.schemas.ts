import { z } from 'zod';

/** The path of a pixel; anything that is not a key and event Beacon issued is answered 404 by the service. */
export const ZTrackParams = z.strictObject({
  key: z.string().max(100),
  event: z.string().max(10),
});

/**
 * The pixel's query: whatever the tracking tool sends, as Fastify parses it (a repeated name is a list). An
 * object with no named fields rather than a record: @fastify/swagger turns a record's JSON Schema keywords
 * (`type`, `additionalProperties`) into two bogus query parameters, and lists none for this (decision 036).
 */
export const ZTrackQuery = z.object({}).catchall(z.union([z.string(), z.array(z.string())]));

/** An S2S POST may carry the same fields as a JSON object or a form instead of (or besides) the query. */
export const ZTrackBody = z.record(z.string(), z.unknown()).optional();
