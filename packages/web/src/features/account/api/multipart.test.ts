import { describe, expect, it } from 'vitest';
import { MULTIPART_DATA_FIELD, withFiles } from './multipart';

describe('withFiles', () => {
  it('stays JSON when no file comes with it', () => {
    const json = { name: 'Olga', decimal_mark: ',' };
    expect(withFiles(json, {})).toBe(json);
    expect(withFiles(json, { logo: null, favicon: undefined })).toBe(json);
  });

  it('becomes multipart with the JSON in `data` and each file in its field', async () => {
    const logo = new File(['png bytes'], 'logo.png', { type: 'image/png' });
    const body = withFiles({ title: 'Northwind', version: 3 }, { logo, favicon: null });
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(JSON.parse(String(form.get(MULTIPART_DATA_FIELD)))).toEqual({ title: 'Northwind', version: 3 });
    const sent = form.get('logo');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('logo.png');
    expect(await (sent as File).text()).toBe('png bytes');
    expect(form.has('favicon')).toBe(false);
  });
});
