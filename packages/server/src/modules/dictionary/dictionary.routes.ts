import type { FastifyReply } from 'fastify';
import type { AppInstance } from '../../app-types';
import {
  ZCitiesQuery,
  ZCity,
  ZContext,
  ZContextsQuery,
  ZCurrencyRate,
  ZCurrencyRateQuery,
  ZDictionary,
  ZRegion,
  ZRegionsQuery,
} from './dictionary.schemas';
import {
  currencyRate,
  getDictionary,
  searchCities,
  searchContexts,
  searchRegions,
} from './dictionary.service';

export const dictionaryRoutes = async (app: AppInstance): Promise<void> => {
  app.get('/dictionary', {
    config: { access: 'access' },
    schema: {
      summary: 'Every enumeration of the console with its labels, and the installation settings it needs',
      description:
        'Lists of `{value, label}` (and richer tables such as `countries`) keyed by enumeration, and `settings`: ' +
        'the street map tiles (BEACON_MAP_TILES) and whether the planner map (PLANNER_MAP_URL) is configured. ' +
        'Sent with an ETag and gzip when accepted.',
      tags: ['dictionary'],
      response: { 200: ZDictionary },
    },
    handler: async (request, typedReply) => {
      // Sent as prepared JSON text or gzip bytes (Fastify passes both through as they are): the response schema
      // documents the answer, it does not type or serialise it.
      const reply = typedReply as unknown as FastifyReply;
      const dictionary = getDictionary(app.deps.config);
      reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .header('etag', dictionary.etag)
        .header('vary', 'Accept-Encoding, Authorization');
      if (request.headers['if-none-match'] === dictionary.etag) return reply.status(304).send();
      if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
        return reply.header('content-encoding', 'gzip').send(dictionary.gzip);
      }
      return reply.send(dictionary.json);
    },
  });

  app.get('/dictionary/regions', {
    config: { access: 'access' },
    schema: {
      summary: 'Search regions of one or more countries',
      tags: ['dictionary'],
      querystring: ZRegionsQuery,
      response: { 200: ZRegion.array() },
    },
    handler: async (request) =>
      searchRegions(request.query.country, request.query.search, request.query.limit),
  });

  app.get('/dictionary/cities', {
    config: { access: 'access' },
    schema: {
      summary: 'Search cities of one or more countries, or of every country by name',
      tags: ['dictionary'],
      querystring: ZCitiesQuery,
      response: { 200: ZCity.array() },
    },
    handler: async (request) =>
      searchCities(
        request.query.country ?? null,
        request.query.region ?? [],
        request.query.search,
        request.query.limit,
      ),
  });

  app.get('/dictionary/contexts', {
    config: { access: 'access' },
    schema: {
      summary: 'Search content contexts (IAB and app categories)',
      tags: ['dictionary'],
      querystring: ZContextsQuery,
      response: { 200: ZContext.array() },
    },
    handler: async (request) => searchContexts(request.query.search, request.query.type, request.query.limit),
  });

  app.get('/dictionary/currency-rate', {
    config: { access: 'access' },
    schema: {
      summary: 'Exchange rate: how many `to` for one `from`',
      tags: ['dictionary'],
      querystring: ZCurrencyRateQuery,
      response: { 200: ZCurrencyRate },
    },
    handler: async (request) => currencyRate(app.deps.db, request.query.from, request.query.to),
  });
};
