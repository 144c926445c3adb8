import { afterEach, describe, expect, it } from 'vitest';
import { hasMediaTools, MediaToolMissingError, runMediaTool } from './media-probe';

const path = process.env.PATH;
// CI requires the tools (REQUIRE_MEDIA_TOOLS=1): there a missing one fails these tests instead of skipping them.
const mediaTools = (await hasMediaTools()) || process.env.REQUIRE_MEDIA_TOOLS === '1';
afterEach(() => {
  process.env.PATH = path;
});

describe('media tools', () => {
  it('a missing ffmpeg is an installation fault, not a damaged upload', async () => {
    process.env.PATH = '/nonexistent';
    await expect(runMediaTool('ffprobe', ['-version'], 5000)).rejects.toBeInstanceOf(MediaToolMissingError);
    expect(await hasMediaTools()).toBe(false);
  });

  it.skipIf(!mediaTools)(
    `kills a tool that runs past its time limit${mediaTools ? '' : ' (skipped: ffmpeg is not installed here)'}`,
    async () => {
      const result = await runMediaTool(
        'ffmpeg',
        ['-nostdin', '-v', 'error', '-f', 'lavfi', '-i', 'testsrc=rate=1000', '-f', 'null', '-'],
        300,
      );
      expect(result).toMatchObject({ timedOut: true });
      expect(result.code).not.toBe(0);
    },
  );
});
