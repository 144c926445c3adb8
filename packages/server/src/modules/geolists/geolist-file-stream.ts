import {
  createGeolistFileReader,
  geolistFileExtension,
  type TGeolistParseResult,
} from '@beacon/domain/validation/geolist';

/**
 * Reading an uploaded geolist as it arrives (decision 015): each chunk is decoded and handed to the domain's
 * incremental reader, so a CSV is parsed row by row and never held whole — only its areas and problems are
 * kept. UTF-8 is decoded strictly and in stream mode (a character cut between two chunks is joined), so a
 * binary file or one in another encoding is an invalid file whatever its name. A JSON geolist is one bounded
 * list parsed whole: it is refused past `maxJsonBytes`.
 */

export type TGeolistFileRead =
  | { readonly read: 'parsed'; readonly result: TGeolistParseResult }
  | { readonly read: 'json_too_large' };

const bytesOf = (chunk: unknown): Uint8Array =>
  chunk instanceof Uint8Array ? chunk : new TextEncoder().encode(String(chunk));

/** Reads every chunk of `file` (also after a verdict, so that the request is drained) and parses it. */
export const readGeolistFile = async (
  filename: string,
  file: AsyncIterable<unknown>,
  maxJsonBytes: number,
): Promise<TGeolistFileRead> => {
  const reader = createGeolistFileReader(filename);
  const isJson = geolistFileExtension(filename) === '.json';
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let bytes = 0;
  let isReading = true;
  let isJsonTooLarge = false;
  for await (const chunk of file) {
    if (!isReading) continue;
    const data = bytesOf(chunk);
    bytes += data.byteLength;
    if (isJson && bytes > maxJsonBytes) {
      isJsonTooLarge = true;
      isReading = false;
      continue;
    }
    try {
      reader.push(decoder.decode(data, { stream: true }));
    } catch {
      reader.markNotText();
      isReading = false;
    }
  }
  if (isJsonTooLarge) return { read: 'json_too_large' };
  if (isReading) {
    try {
      reader.push(decoder.decode());
    } catch {
      reader.markNotText();
    }
  }
  return { read: 'parsed', result: reader.finish() };
};
