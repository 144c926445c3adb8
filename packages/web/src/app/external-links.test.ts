import { describe, expect, it } from 'vitest';
import { parseSocialLinks } from './external-links';

describe('parseSocialLinks', () => {
  it('reads Label=url pairs joined by commas, keeping = inside the URL', () => {
    expect(parseSocialLinks('LinkedIn=https://linkedin.com/company/x, X=https://x.com/a?b=c')).toEqual([
      { label: 'LinkedIn', href: 'https://linkedin.com/company/x' },
      { label: 'X', href: 'https://x.com/a?b=c' },
    ]);
  });

  it('drops pairs without a label or an http(s) URL, and an unset value', () => {
    expect(parseSocialLinks('=https://a.example,Bad=javascript:alert(1),Empty=')).toEqual([]);
    expect(parseSocialLinks(undefined)).toEqual([]);
  });
});
