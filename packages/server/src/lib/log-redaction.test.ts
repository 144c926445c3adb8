import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('hides the session token of a new-tab download and keeps the rest', () => {
    expect(redactUrl('/api/v2/backoffice/organizations/download?country[is]=ES&token=abc123&demo=1')).toBe(
      '/api/v2/backoffice/organizations/download?country[is]=ES&token=[redacted]&demo=1',
    );
    expect(redactUrl('/api/x?token=abc')).toBe('/api/x?token=[redacted]');
    expect(redactUrl('/api/x?mytoken=abc')).toBe('/api/x?mytoken=abc');
    expect(redactUrl('/api/organizations?search=token')).toBe('/api/organizations?search=token');
  });
});
