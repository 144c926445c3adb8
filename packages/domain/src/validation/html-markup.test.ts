import { describe, expect, it } from 'vitest';
import { isValidHtmlMarkup, isWellFormedHtml } from './html-markup';

describe('isWellFormedHtml', () => {
  it.each([
    '<div><a href="https://x.com"><img src="https://x.com/a.png"></a></div>',
    '<div><br><hr/><img src="a.png" /><input type="hidden" value="1"></div>',
    '<!DOCTYPE html><html><head><meta charset="utf-8"><title>Ad</title></head><body><p>Hi</p></body></html>',
    '<script>if (a < b && c > d) { document.write("<div>"); }</script>',
    '<SCRIPT src="https://ads.example.com/tag.js"></script>',
    '<style>p > a { color: red; }</style><p>x</p>',
    '<!-- a <div> in a comment --><span>ok</span>',
    '<!--[if IE]><p>old</p><![endif]--><p>new</p>',
    '<a href="https://x.com/?a=1&b=2" data-x=\'>\'>price > 5 and 1 < 2</a>',
    '<svg viewBox="0 0 10 10"><path d="M0 0L10 10"/><linearGradient id="g"></linearGradient></svg>',
    '<img src="a.png"></img>',
    '<div><noscript><img src="{click_url}"></noscript></div>',
  ])('accepts %s', (markup) => {
    expect(isWellFormedHtml(markup)).toBe(true);
  });

  it.each([
    '<div><span></div></span>',
    '<div>',
    '</div>',
    '<div><p>text</div>',
    '<a href="https://x.com>click</a>',
    '<img src="a.png"',
    '<!-- never closed <div></div>',
    '<script>alert(1)',
    '<div></ >',
  ])('rejects %s', (markup) => {
    expect(isWellFormedHtml(markup)).toBe(false);
  });
});

describe('isValidHtmlMarkup', () => {
  it('requires the trimmed markup to start with < and end with >', () => {
    expect(isValidHtmlMarkup('  <div>ad</div>\n')).toBe(true);
    expect(isValidHtmlMarkup('ad <div>x</div>')).toBe(false);
    expect(isValidHtmlMarkup('<div>x</div> ad')).toBe(false);
  });
});
