import { describe, expect, it } from 'vitest';
import { ZClickUrl, ZCreativeName, ZHtmlMarkup, ZImpressionPixels, ZPixelUrl } from './creative';
import { firstErrorMessage } from './generic';

describe('ZCreativeName', () => {
  it('accepts a name of at least one character', () => {
    expect(ZCreativeName.safeParse('A').success).toBe(true);
    expect(ZCreativeName.safeParse('Banner 300x250 - v2').success).toBe(true);
  });

  it('is required', () => {
    expect(ZCreativeName.safeParse('').error?.issues[0]?.message).toBe('This field is required');
  });

  it.each(['a|b', 'a$b', 'a@b', 'a#b'])('rejects %s', (name) => {
    expect(ZCreativeName.safeParse(name).error?.issues[0]?.message).toBe(
      'Please, do not use the characters | $ # or @',
    );
  });
});

describe('click and pixel URLs', () => {
  it.each([
    'https://example.com/landing?utm=1',
    'HTTPS://EXAMPLE.COM',
    'tel:+34911234567',
    'tel:+1-(555)-0100',
    '{host}https://example.com/click',
    '{host}/click?id=1',
    '{click_url}https://example.com/landing',
    '{a}{b}https://example.com',
  ])('accepts %s', (url) => {
    expect(ZClickUrl.safeParse(url).success).toBe(true);
    expect(ZPixelUrl.safeParse(url).success).toBe(true);
  });

  it.each([
    'http://example.com',
    'example.com',
    'www.example.com/path',
    'https://',
    'https://exa mple.com',
    'tel:',
    'tel:call-me',
    'ftp://example.com',
    'javascript:alert(1)',
    '{host',
    'x{host}https://example.com',
  ])('rejects %s with the prefix message', (url) => {
    expect(ZClickUrl.safeParse(url).error?.issues[0]?.message).toBe('Enter a valid URL with a valid prefix');
    expect(ZPixelUrl.safeParse(url).error?.issues[0]?.message).toBe('Enter a valid URL with a valid prefix');
  });

  it('is required', () => {
    expect(ZClickUrl.safeParse('').error?.issues[0]?.message).toBe('This field is required');
  });
});

describe('ZImpressionPixels', () => {
  it('accepts distinct pixel URLs', () => {
    expect(ZImpressionPixels.safeParse(['https://a.com/p', 'https://b.com/p']).success).toBe(true);
    expect(ZImpressionPixels.safeParse([]).success).toBe(true);
  });

  it('rejects a repeated pixel URL where it repeats', () => {
    const issue = ZImpressionPixels.safeParse(['https://a.com/p', 'https://b.com/p', ' https://a.com/p '])
      .error?.issues[0];
    expect(issue?.message).toBe('Repeated impression pixels URLs are not allowed');
    expect(issue?.path).toEqual([2]);
  });

  it('reports a bad prefix on the pixel itself', () => {
    const issue = ZImpressionPixels.safeParse(['https://a.com/p', 'http://b.com/p']).error?.issues[0];
    expect(issue?.message).toBe('Enter a valid URL with a valid prefix');
    expect(issue?.path).toEqual([1]);
  });
});

describe('ZHtmlMarkup', () => {
  it('accepts well formed markup', () => {
    expect(
      ZHtmlMarkup.safeParse('<a href="{host}https://x.com"><img src="https://x.com/a.png"></a>').success,
    ).toBe(true);
  });

  it.each(['just text', '<div>unclosed', '<div></span>', 'text <b>bold</b>', '<b>bold</b> text'])(
    'rejects %s',
    (markup) => {
      expect(firstErrorMessage(ZHtmlMarkup, markup)).toBe('HTML markup is not valid...');
    },
  );

  it('is required', () => {
    expect(firstErrorMessage(ZHtmlMarkup, ' ')).toBe('This field is required');
  });
});
