import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { apiUpload, configureApiClient } from './client';

/** A stand-in for the browser's XMLHttpRequest: records what is sent and answers what the test says. */
class FakeRequest {
  static last: FakeRequest | undefined;
  static answer: { status: number; body: string; progress: readonly [number, number][] } = {
    status: 200,
    body: '{}',
    progress: [],
  };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
    FakeRequest.last = this;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    for (const [loaded, total] of FakeRequest.answer.progress) {
      this.upload.onprogress?.({ lengthComputable: true, loaded, total });
    }
    this.status = FakeRequest.answer.status;
    this.responseText = FakeRequest.answer.body;
    queueMicrotask(() => this.onload?.());
  }
  abort() {
    queueMicrotask(() => this.onabort?.());
  }
}

const onUnauthorized = vi.fn();
const onForbidden = vi.fn();

beforeEach(() => {
  onUnauthorized.mockReset();
  onForbidden.mockReset();
  configureApiClient({
    getCredentials: () => ({ token: 'session-token', isDemo: true }),
    onUnauthorized,
    onForbidden,
  });
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiUpload (§5 uploads with progress)', () => {
  it('sends the form with the session, reports the progress and answers the parsed body', async () => {
    FakeRequest.answer = {
      status: 201,
      body: '{"id":7}',
      progress: [
        [50, 200],
        [200, 200],
      ],
    };
    const form = new FormData();
    form.append('data', '{}');
    const progress: number[] = [];
    await expect(
      apiUpload('/geolist', { method: 'POST', body: form, onProgress: (sent) => progress.push(sent) }),
    ).resolves.toEqual({ id: 7 });
    expect(FakeRequest.last?.method).toBe('POST');
    expect(FakeRequest.last?.url).toBe('/api/geolist');
    expect(FakeRequest.last?.body).toBe(form);
    expect(FakeRequest.last?.headers).toMatchObject({ authorization: 'Bearer session-token', 'x-demo': '1' });
    expect(progress).toEqual([0.25, 1, 1]);
  });

  it('fails with the server message and the body kept (the bad lines of a file)', async () => {
    const body = { message: 'Some areas are not valid', file_error: 'wrong_areas', details: [] };
    FakeRequest.answer = { status: 400, body: JSON.stringify(body), progress: [] };
    const failure = apiUpload('/geolist', { body: new FormData() });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 400, message: 'Some areas are not valid', body });
    expect(onForbidden).not.toHaveBeenCalled();
  });

  it('logs out on a 401 of a request that carried a session, like every other call', async () => {
    FakeRequest.answer = { status: 401, body: '{"message":"Session expired"}', progress: [] };
    await expect(apiUpload('/geolist', { body: new FormData() })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
