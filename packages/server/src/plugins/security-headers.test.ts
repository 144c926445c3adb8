import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import Fastify from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { machineHeaders, registerSecurityHeaders, securityHeaders } from './security-headers';

/** The headers Helmet itself writes onto a real Node response. */
const helmetOnARealResponse = (options: HelmetOptions): Record<string, string> => {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
};

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: null } },
  crossOriginEmbedderPolicy: false,
};

describe('security headers', () => {
  it('are the ones Helmet writes onto a response, built once', () => {
    const headers = securityHeaders(OPTIONS);
    expect(headers).toEqual(helmetOnARealResponse(OPTIONS));
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers).not.toHaveProperty('cross-origin-embedder-policy');
  });

  it('go on every answer, and a route may set one of its own', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, securityHeaders(OPTIONS));
    app.get('/plain', async () => ({ ok: true }));
    app.get('/own', async (_request, reply) => {
      reply.header('content-security-policy', 'sandbox allow-scripts');
      return { ok: true };
    });
    const plain = await app.inject({ method: 'GET', url: '/plain' });
    const own = await app.inject({ method: 'GET', url: '/own' });
    const missing = await app.inject({ method: 'GET', url: '/missing' });
    expect(plain.headers['content-security-policy']).toContain("default-src 'self'");
    expect(plain.headers['strict-transport-security']).toBeDefined();
    expect(own.headers['content-security-policy']).toBe('sandbox allow-scripts');
    expect(own.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    await app.close();
  });

  it('go to a route that answers machines as nosniff alone', async () => {
    const headers = securityHeaders(OPTIONS);
    expect(machineHeaders(headers)).toEqual({ 'x-content-type-options': 'nosniff' });
    expect(machineHeaders({})).toEqual({});
    const app = Fastify();
    registerSecurityHeaders(app, headers);
    app.post('/machine', { config: { machine: true } }, async () => ({ ok: true }));
    app.post('/browser', async () => ({ ok: true }));
    const machine = await app.inject({ method: 'POST', url: '/machine' });
    const browser = await app.inject({ method: 'POST', url: '/browser' });
    expect(machine.headers['x-content-type-options']).toBe('nosniff');
    for (const name of Object.keys(headers).filter((name) => name !== 'x-content-type-options')) {
      expect(machine.headers).not.toHaveProperty(name);
      expect(browser.headers).toHaveProperty(name);
    }
    await app.close();
  });
});
