import { describe, expect, it } from 'vitest';
import { readGeolistFile } from './geolist-file-stream';

/** The chunks as a stream would yield them. */
const chunksOf = async function* (chunks: readonly Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const chunk of chunks) yield chunk;
};

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('readGeolistFile', () => {
  it('joins a UTF-8 character and a row cut between chunks', async () => {
    const text =
      'latitude,longitude,radius,name\n40.4168,-3.7038,250,Plaza de España\n41.39,2.17,300,Sant Martí\n';
    const data = bytes(text);
    // "ñ" is two bytes: the first chunk ends inside it, and inside the first row.
    const cut = data.indexOf(0xc3);
    expect(data[cut + 1]).toBe(0xb1);
    const parts = [data.subarray(0, cut + 1), data.subarray(cut + 1, cut + 30), data.subarray(cut + 30)];
    expect(await readGeolistFile('areas.csv', chunksOf(parts), 1024)).toEqual({
      read: 'parsed',
      result: {
        ok: true,
        areas: [
          { latitude: 40.4168, longitude: -3.7038, radius: 250, name: 'Plaza de España' },
          { latitude: 41.39, longitude: 2.17, radius: 300, name: 'Sant Martí' },
        ],
      },
    });
  });

  it('reads a file one byte at a time as it would whole', async () => {
    const data = bytes('\uFEFFlat;lng;radius;name\r\n40,4;-3,7;;"Café ""Sol"""\r\n51,5;-0,1;100;Łódź 🚩\r\n');
    const oneByOne = [...data].map((byte) => Uint8Array.of(byte));
    const whole = await readGeolistFile('areas.csv', chunksOf([data]), 1024);
    expect(await readGeolistFile('areas.csv', chunksOf(oneByOne), 1024)).toEqual(whole);
    expect(whole).toEqual({
      read: 'parsed',
      result: {
        ok: true,
        areas: [
          { latitude: 40.4, longitude: -3.7, radius: 250, name: 'Café "Sol"' },
          { latitude: 51.5, longitude: -0.1, radius: 100, name: 'Łódź 🚩' },
        ],
      },
    });
  });

  it('rejects content that is not UTF-8 as an invalid file, also when it ends inside a character', async () => {
    const latin1 = Uint8Array.of(...bytes('40.4,-3.7,250,Espa'), 0xf1, ...bytes('a\n'));
    const cutShort = Uint8Array.of(...bytes('40.4,-3.7,250,Espa'), 0xc3);
    for (const data of [latin1, cutShort]) {
      expect(await readGeolistFile('areas.csv', chunksOf([data]), 1024)).toMatchObject({
        read: 'parsed',
        result: { ok: false, error: 'invalid_file' },
      });
    }
  });

  it('refuses a JSON file past its limit, and reads one within it', async () => {
    const json = bytes(JSON.stringify([[40.4, -3.7]]));
    expect(await readGeolistFile('areas.json', chunksOf([json, json]), json.byteLength + 1)).toEqual({
      read: 'json_too_large',
    });
    expect(await readGeolistFile('areas.json', chunksOf([json]), json.byteLength)).toMatchObject({
      read: 'parsed',
      result: { ok: true },
    });
    // The limit is for JSON only: a CSV is read as it arrives.
    const csv = bytes('40.4,-3.7\n'.repeat(10));
    expect(await readGeolistFile('areas.csv', chunksOf([csv]), 1)).toMatchObject({
      read: 'parsed',
      result: { ok: true },
    });
  });

  it('drains the stream after a verdict', async () => {
    let yielded = 0;
    const stream = async function* (): AsyncGenerator<Uint8Array> {
      for (const chunk of [Uint8Array.of(0xff), bytes('1,2\n'), bytes('3,4\n')]) {
        yielded += 1;
        yield chunk;
      }
    };
    expect(await readGeolistFile('areas.csv', stream(), 1024)).toMatchObject({
      result: { ok: false, error: 'invalid_file' },
    });
    expect(yielded).toBe(3);
  });
});
