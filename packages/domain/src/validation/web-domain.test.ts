import { describe, expect, it } from 'vitest';
import { ZDomain, ZUrl } from './web-domain';

describe('ZDomain', () => {
  it.each([
    'example.com',
    'sub.example.co.uk',
    'my-site.io',
    'xn--bcher-kva.example',
    'a.b.c.d.example.museum',
  ])('accepts %s', (domain) => {
    expect(ZDomain.safeParse(domain).success).toBe(true);
  });

  it('stores the domain in lower case', () => {
    expect(ZDomain.parse(' Example.COM ')).toBe('example.com');
  });

  it.each([
    'https://example.com',
    'example.com/path',
    'example',
    'localhost',
    '-example.com',
    'example-.com',
    'exa_mple.com',
    'example.c',
    'example.123',
    '192.168.0.1',
    'example..com',
    `${'a'.repeat(64)}.com`,
    `${'abcdefghi.'.repeat(26)}com`,
  ])('rejects %s', (domain) => {
    expect(ZDomain.safeParse(domain).error?.issues[0]?.message).toBe('A valid domain is required');
  });

  it('is required', () => {
    expect(ZDomain.safeParse('').error?.issues[0]?.message).toBe('This field is required');
  });
});

describe('ZUrl', () => {
  it.each([
    'https://example.com',
    'http://example.com/path?q=1#top',
    'https://sub.example.co.uk:8443/a/b',
    'http://localhost:3000',
    'http://127.0.0.1/health',
  ])('accepts %s', (url) => {
    expect(ZUrl.safeParse(url).success).toBe(true);
  });

  it.each([
    'example.com',
    'ftp://example.com',
    'https://',
    'https://exa mple.com',
    '//example.com',
    'https://example',
  ])('rejects %s without an http(s) scheme and host', (url) => {
    expect(ZUrl.safeParse(url).error?.issues[0]?.message).toBe('Invalid format');
  });
});
