import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers Helmet would set for `options`, worked out once. Helmet is a middleware that writes them onto a
 * response; it is run here against a recorder instead of a real response.
 */
export const securityHeaders = (options: HelmetOptions): Record<string, string> => {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
};

/**
 * Of the security headers, those an answer to a server rather than a browser carries (decision 057): what the
 * others govern (framing, scripts, the referrer, HTTPS upgrades, cross-origin windows) only a browser does, and an
 * exchange reads hundreds of millions of answers a day, most of them a bare 204.
 */
export const machineHeaders = (headers: Readonly<Record<string, string>>): Record<string, string> => {
  const nosniff = headers['x-content-type-options'];
  return nosniff === undefined ? {} : { 'x-content-type-options': nosniff };
};

/**
 * Sets Helmet's headers (`securityHeaders`) on every response (decision 025), or on a route declaring
 * `config.machine` only its `machineHeaders`. @fastify/helmet builds the whole Helmet middleware
 * again for each request, which cost a measurable share of a list call's time; the headers never change
 * while the process runs, so they are built once. A route may still replace one (the creative preview sets
 * its own Content-Security-Policy).
 */
export const registerSecurityHeaders = (
  app: FastifyInstance,
  headers: Readonly<Record<string, string>>,
): void => {
  const forMachines = machineHeaders(headers);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.routeOptions.config.machine === true ? forMachines : headers);
    done();
  });
};
