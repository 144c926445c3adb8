import { describe, expect, it } from 'vitest';
import { acceptOf, isPdfAddress, kindsText, sizeText, uploadError, uploadKindOf } from './upload';
import { FAVICON_RULE, ORGANIZATION_LOGO_RULE, PROFILE_LOGO_RULE } from './upload-rules';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('uploadKindOf', () => {
  it('reads the browser type first, the extension when there is none', () => {
    expect(uploadKindOf(file('logo.png', 'image/png'))).toBe('png');
    expect(uploadKindOf(file('logo.bin', 'image/jpeg'))).toBe('jpeg');
    expect(uploadKindOf(file('Logo.PDF', ''))).toBe('pdf');
    expect(uploadKindOf(file('icon.ico', 'image/vnd.microsoft.icon'))).toBe('ico');
    expect(uploadKindOf(file('notes.txt', 'text/plain'))).toBeUndefined();
    // A type the browser knows wins over a misleading name.
    expect(uploadKindOf(file('logo.png', 'text/plain'))).toBeUndefined();
  });
});

describe('uploadError (§5 profile logo: png, jpeg or pdf)', () => {
  it('accepts the kinds of the rule within its size', () => {
    expect(uploadError(file('me.png', 'image/png'), PROFILE_LOGO_RULE)).toBeUndefined();
    expect(uploadError(file('me.jpg', 'image/jpeg'), PROFILE_LOGO_RULE)).toBeUndefined();
    expect(uploadError(file('me.pdf', 'application/pdf'), PROFILE_LOGO_RULE)).toBeUndefined();
  });

  it('refuses another kind, an empty file and a file too large, as the server words it', () => {
    expect(uploadError(file('me.gif', 'image/gif'), PROFILE_LOGO_RULE)).toBe(
      'The profile logo must be a PNG, JPEG or PDF file',
    );
    expect(uploadError(file('me.png', 'image/png', 0), PROFILE_LOGO_RULE)).toBe(
      'The profile logo must be a PNG, JPEG or PDF file',
    );
    expect(uploadError(file('icon.png', 'image/png', FAVICON_RULE.maxBytes + 1), FAVICON_RULE)).toBe(
      'The favicon must be at most 256 KB',
    );
  });

  it('says why an SVG logo or favicon is refused (decision 035)', () => {
    expect(uploadError(file('logo.svg', 'image/svg+xml'), ORGANIZATION_LOGO_RULE)).toBe(
      'The logo must be a PNG or JPEG file: SVG is not accepted, save the picture as a PNG',
    );
    expect(uploadError(file('icon.svg', ''), FAVICON_RULE)).toBe(
      'The favicon must be a PNG or ICO file: SVG is not accepted, save the picture as a PNG',
    );
  });
});

describe('texts and addresses', () => {
  it('lists kinds and sizes as people read them', () => {
    expect(kindsText(['png'])).toBe('PNG');
    expect(kindsText(['png', 'jpeg', 'pdf'])).toBe('PNG, JPEG or PDF');
    expect(sizeText(512 * 1024)).toBe('512 KB');
    expect(sizeText(5 * 1024 * 1024)).toBe('5 MB');
  });

  it('offers the types and extensions to the file picker', () => {
    expect(acceptOf(['png', 'pdf'])).toBe('image/png,.png,application/pdf,.pdf');
  });

  it('tells a stored PDF from an image', () => {
    expect(isPdfAddress('/api/files/abc.pdf')).toBe(true);
    expect(isPdfAddress('data:application/pdf;base64,JVBERi0=')).toBe(true);
    expect(isPdfAddress('/api/files/abc.png')).toBe(false);
  });
});
