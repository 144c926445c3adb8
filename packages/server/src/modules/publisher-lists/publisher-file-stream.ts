import { createReadStream } from 'node:fs';
import {
  createPublisherFileReader,
  type TPublisher,
  type TPublisherFileResult,
} from '@beacon/domain/validation/publisher-file';
import { createDistinctCounter } from '../../lib/distinct-counter';

/**
 * Reading an uploaded publisher list file from disk one line at a time (decision 018): a file of a million
 * lines is never held whole in memory, only a chunk and the line being read. UTF-8 is decoded strictly, so a
 * binary file or one in another encoding is "not text" whatever its name.
 */

/** A line longer than this is not a publisher list's line: the content is taken for binary. */
const MAX_LINE_CHARS = 64 * 1024;

/** The lines of a file, without their breaks (\n, \r\n or \r); calls `onNotText` and stops on non-text. */
export const linesOf = async function* (path: string, onNotText: () => void): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let pending = '';
  const stream = createReadStream(path, { highWaterMark: 64 * 1024 });
  try {
    for await (const chunk of stream) {
      let text: string;
      try {
        text = decoder.decode(chunk instanceof Buffer ? chunk : Buffer.from(String(chunk)), { stream: true });
      } catch {
        onNotText();
        return;
      }
      pending += text;
      // A \r ending the chunk may be the first half of a \r\n: it waits for the next chunk.
      const heldBack = pending.endsWith('\r') ? '\r' : '';
      const lines = (heldBack ? pending.slice(0, -1) : pending).split(/\r\n|\n|\r/);
      // The last piece may continue in the next chunk.
      pending = (lines.pop() ?? '') + heldBack;
      if (pending.length > MAX_LINE_CHARS) {
        onNotText();
        return;
      }
      for (const line of lines) yield line;
    }
    try {
      pending += decoder.decode();
    } catch {
      onNotText();
      return;
    }
    for (const line of pending.split(/\r\n|\n|\r/)) yield line;
  } finally {
    stream.destroy();
  }
};

/** A checked file: the domain's verdict, or more distinct publishers than a list may hold. */
export type TCheckedPublisherFile = TPublisherFileResult | { readonly ok: false; readonly error: 'too_many' };

/**
 * Checks a whole file without keeping its publishers: every bad line, or its counts. Reading stops as soon as
 * more than `maxDistinct` distinct publishers were read (repeats are kept once, so they do not count twice).
 */
export const checkPublisherFile = async (
  path: string,
  maxDistinct = Number.POSITIVE_INFINITY,
): Promise<TCheckedPublisherFile> => {
  const reader = createPublisherFileReader();
  const distinct = createDistinctCounter();
  for await (const line of linesOf(path, reader.markNotText)) {
    const publisher = reader.line(line);
    if (!publisher) continue;
    distinct.add(publisher.publisher);
    if (distinct.count > maxDistinct) return { ok: false, error: 'too_many' };
  }
  return reader.finish();
};

/** The publishers of a file already checked, in batches of `sizeOf()` (asked before each batch). */
export const publisherBatchesOf = async function* (
  path: string,
  sizeOf: () => number,
): AsyncGenerator<TPublisher[]> {
  const reader = createPublisherFileReader();
  let batch: TPublisher[] = [];
  for await (const line of linesOf(path, reader.markNotText)) {
    const publisher = reader.line(line);
    if (!publisher) continue;
    batch.push(publisher);
    if (batch.length >= sizeOf()) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
};
