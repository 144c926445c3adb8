import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, mapRequestException, mapResponseFailure } from './api-error';

describe('mapResponseFailure (§8)', () => {
  it('logs out on a 401 of an authenticated request, with the server message', () => {
    const { error, action } = mapResponseFailure(
      401,
      {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Your session has expired. Please log in again',
        code: 'SESSION_EXPIRED',
      },
      { hasSession: true },
    );
    expect(action).toBe('logout');
    expect(error.message).toBe('Your session has expired. Please log in again');
    expect(error.code).toBe('SESSION_EXPIRED');
    expect(error.status).toBe(401);
  });

  it("says 'Unauthorized' when a 401 carries no message", () => {
    expect(mapResponseFailure(401, null, { hasSession: true }).error.message).toBe('Unauthorized');
    expect(mapResponseFailure(401, '<html>', { hasSession: true }).error.message).toBe('Unauthorized');
  });

  it('does not log out on a 401 of a request without a session (a wrong password is an answer)', () => {
    const { error, action } = mapResponseFailure(
      401,
      { message: 'The username or password is not correct', code: 'INVALID_CREDENTIALS' },
      { hasSession: false },
    );
    expect(action).toBe('none');
    expect(error.message).toBe('The username or password is not correct');
  });

  it('sends the browser home on a 403 and still fails with the server message', () => {
    const { error, action } = mapResponseFailure(
      403,
      { message: 'You do not have permission to do this', code: 'FORBIDDEN' },
      { hasSession: true },
    );
    expect(action).toBe('home');
    expect(error.message).toBe('You do not have permission to do this');
  });

  it("carries the server message or 'Request failed' for other statuses, with the validation details", () => {
    const { error, action } = mapResponseFailure(
      400,
      {
        message: 'This field is required',
        code: 'VALIDATION_FAILED',
        details: [{ path: 'username', message: 'This field is required' }, { bad: true }],
      },
      { hasSession: true },
    );
    expect(action).toBe('none');
    expect(error.details).toEqual([{ path: 'username', message: 'This field is required' }]);
    expect(error.detailFor('username')).toBe('This field is required');
    expect(mapResponseFailure(502, 'Bad gateway', { hasSession: true }).error.message).toBe('Request failed');
    expect(mapResponseFailure(500, { message: '' }, { hasSession: true }).error.message).toBe(
      'Request failed',
    );
  });

  it('keeps extra fields of the body, such as the token of an expired password', () => {
    const { error } = mapResponseFailure(
      401,
      { message: 'Password expired. Request a new one', code: 'PASSWORD_EXPIRED', token: 'restricted' },
      { hasSession: false },
    );
    expect(error.bodyField('token')).toBe('restricted');
    expect(error.bodyField('missing')).toBeUndefined();
  });
});

describe('mapRequestException (§8)', () => {
  it("says 'Request aborted' for a cancelled request", () => {
    const controller = new AbortController();
    controller.abort();
    const error = mapRequestException(
      new DOMException('The operation was aborted.', 'AbortError'),
      controller.signal,
    );
    expect(error.message).toBe('Request aborted');
    expect(error.isAborted).toBe(true);
    expect(mapRequestException(new DOMException('x', 'AbortError')).message).toBe('Request aborted');
  });

  it("says 'Request failed' when no response arrived", () => {
    const error = mapRequestException(new TypeError('Failed to fetch'));
    expect(error.message).toBe('Request failed');
    expect(error.status).toBeNull();
    expect(error.code).toBe('NETWORK_ERROR');
  });

  it('passes an ApiError through', () => {
    const original = new ApiError('Not found', { status: 404 });
    expect(mapRequestException(original)).toBe(original);
  });
});

describe('errorMessage', () => {
  it("shows the API's message, else the generic text", () => {
    expect(errorMessage(new ApiError('Request failed', { status: null }))).toBe('Request failed');
    expect(errorMessage(new Error('internal detail'))).toBe('An unexpected error occurred');
  });
});
