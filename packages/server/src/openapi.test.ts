import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './test/test-app';

/** The served OpenAPI document is a valid OpenAPI 3.0 document, so that client generators accept it (decision 036). */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestApp({ seed: false });
});
afterAll(async () => {
  await ctx?.close();
});

type ValidatedDocument = Exclude<Parameters<typeof validate>[0], string>;
type Operations = Record<string, Record<string, { parameters?: { name: string }[] }>>;

const served = async () => {
  const answer = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(answer.statusCode).toBe(200);
  return answer;
};

describe('GET /api/openapi.json', () => {
  it('validates against the OpenAPI 3.0 specification', async () => {
    const document = (await served()).json<ValidatedDocument>();
    expect('openapi' in document ? document.openapi : undefined).toMatch(/^3\.0\./);
    const result = await validate(document);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
  });

  it('describes the free-form tracking query without parameters named after JSON Schema keywords', async () => {
    const document = (await served()).json<{ paths: Operations }>();
    const track = document.paths['/api/track/{key}/{event}'] ?? {};
    const names = Object.values(track).flatMap((operation) =>
      (operation.parameters ?? []).map((p) => p.name),
    );
    expect(names).not.toContain('type');
    expect(names).not.toContain('additionalProperties');
  });
});
