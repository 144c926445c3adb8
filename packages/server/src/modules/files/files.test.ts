import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffFileKind } from '../../lib/file-store';
import { startTestApp, type TestContext, TINY_PNG } from '../../test/test-app';

let context: TestContext;

beforeAll(async () => {
  context = await startTestApp({ seed: false });
});
afterAll(async () => {
  await context.close();
});

describe('file kinds', () => {
  it('recognises files by their content, not their name', () => {
    expect(sniffFileKind(TINY_PNG)).toBe('png');
    expect(sniffFileKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffFileKind(Buffer.from('%PDF-1.7\n'))).toBe('pdf');
    expect(sniffFileKind(Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(
      'svg',
    );
    expect(sniffFileKind(Buffer.from('MZ\x90\x00'))).toBeUndefined();
    expect(sniffFileKind(Buffer.from('<html><script>'))).toBeUndefined();
  });
});

describe('GET /api/files/:name', () => {
  it('serves a stored file publicly with its type and a long cache', async () => {
    const stored = await context.app.deps.files.save(TINY_PNG, 'png');
    expect(stored.url).toMatch(/^\/api\/files\/[0-9a-f]{64}\.png$/);
    const again = await context.app.deps.files.save(TINY_PNG, 'png');
    expect(again.name).toBe(stored.name);

    const response = await context.app.inject({ method: 'GET', url: stored.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.rawPayload.equals(TINY_PNG)).toBe(true);
  });

  it('answers 404 for unknown names and never reads outside the store', async () => {
    for (const name of [`${'0'.repeat(64)}.png`, '..%2F..%2Fetc%2Fpasswd', 'x.png']) {
      const response = await context.app.inject({ method: 'GET', url: `/api/files/${name}` });
      expect(response.statusCode).toBe(404);
    }
  });
});
