import { describe, expect, it } from 'vitest';
import { MAX_DECLARED_PIXELS } from './creative-asset';
import {
  FAVICON_UPLOAD,
  MAX_UPLOAD_PIXELS,
  ORGANIZATION_LOGO_UPLOAD,
  PROFILE_LOGO_UPLOAD,
  uploadDamagedMessage,
  uploadIconTooManyPixelsMessage,
  uploadKindsText,
  uploadSizeText,
  uploadTooLargeMessage,
  uploadTooManyPixelsMessage,
  uploadWrongKindMessage,
} from './uploads';

describe('form uploads (decision 035)', () => {
  it('keeps §5 for the profile logo and takes no SVG for branding', () => {
    expect(PROFILE_LOGO_UPLOAD.kinds).toEqual(['png', 'jpeg', 'pdf']);
    expect(ORGANIZATION_LOGO_UPLOAD.kinds).not.toContain('svg');
    expect(FAVICON_UPLOAD.kinds).not.toContain('svg');
  });

  it('applies the creatives’ pixel limit to every picture', () => {
    expect(MAX_UPLOAD_PIXELS).toBe(MAX_DECLARED_PIXELS);
  });

  it('words each refusal with the field’s name', () => {
    expect(uploadKindsText(['png', 'jpeg', 'pdf'])).toBe('PNG, JPEG or PDF');
    expect(uploadSizeText(512 * 1024)).toBe('512 KB');
    expect(uploadSizeText(5 * 1024 * 1024)).toBe('5 MB');
    expect(uploadWrongKindMessage(PROFILE_LOGO_UPLOAD, 'gif')).toBe(
      'The profile logo must be a PNG, JPEG or PDF file',
    );
    expect(uploadWrongKindMessage(FAVICON_UPLOAD, 'svg')).toBe(
      'The favicon must be a PNG or ICO file: SVG is not accepted, save the picture as a PNG',
    );
    expect(uploadTooLargeMessage(FAVICON_UPLOAD)).toBe('The favicon must be at most 256 KB');
    expect(uploadTooManyPixelsMessage(ORGANIZATION_LOGO_UPLOAD, 50_000, 50_000)).toBe(
      'The logo is 50000x50000 pixels: at most 16,777,216 pixels (such as 4096x4096) are accepted',
    );
    expect(uploadIconTooManyPixelsMessage(FAVICON_UPLOAD, 3, 24_000_000)).toBe(
      'The favicon holds 3 pictures of 24,000,000 pixels in all: at most 16,777,216 are accepted',
    );
    expect(uploadDamagedMessage(FAVICON_UPLOAD, 'ico')).toBe(
      'The favicon is damaged or incomplete: it could not be read as an ICO file',
    );
    expect(uploadDamagedMessage(ORGANIZATION_LOGO_UPLOAD, 'png')).toBe(
      'The logo is damaged or incomplete: it could not be read as a PNG file',
    );
  });
});
