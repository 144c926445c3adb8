// a 2 MB, 30-second MP4 from upload to approved and ready to serve (processing by the
// creative.transcode job), on the embedded database. Needs ffmpeg (the product needs it too).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { multipartBody, postMultipart } from './http.mjs';

const DEMO_PASSWORD = 'Beacon-demo-1';
const MAX_BYTES = 2 * 1024 * 1024;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A 1280x720, 30 s H.264/AAC clip of ffmpeg's test pattern, just under 2 MB. */
const makeClip = (dir) => {
  const file = path.join(dir, 'clip.mp4');
  execFileSync('ffmpeg', [
    ...['-nostdin', '-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25:duration=30'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=30', '-c:v', 'libx264', '-preset', 'veryfast'],
    ...['-b:v', '440k', '-maxrate', '480k', '-bufsize', '900k', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ...['-b:a', '48k', '-shortest', '-movflags', '+faststart', file],
  ]);
  return readFileSync(file);
};

export const measureCreativeVideo = async ({ startServer, stopServer, request, port }) => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
  } catch {
    console.log('ffmpeg is not installed: the creative video row is skipped.');
    return [];
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'beacon-bench-video-'));
  try {
    const clip = makeClip(dir);
    if (clip.byteLength > MAX_BYTES) throw new Error(`the bench clip is ${clip.byteLength} bytes, over 2 MB`);
    const server = await startServer(path.join(dir, 'data'), port);
    try {
      const login = async (username) => {
        const response = await request(port, 'POST', '/api/login', {
          body: { username, password: DEMO_PASSWORD },
        });
        return JSON.parse(response.body).token;
      };
      const manager = await login('creative_manager');
      const operator = await login('supervisor');
      const created = await request(port, 'POST', '/api/creative', {
        token: manager,
        body: { type: 'video', name: 'Bench video', click_url: 'https://shop.example/landing' },
      });
      const { id } = JSON.parse(created.body);
      const started = performance.now();
      const uploaded = await postMultipart(
        port,
        `/api/creative/${id}/asset`,
        manager,
        multipartBody({}, { filename: 'clip.mp4', type: 'video/mp4', content: clip }),
      );
      if (uploaded.status !== 200) throw new Error(`upload answered ${uploaded.status}: ${uploaded.body}`);
      let status = 'pending';
      while (status === 'pending' && performance.now() - started < 300_000) {
        await sleep(100);
        status = JSON.parse(
          (await request(port, 'GET', `/api/creative/${id}`, { token: manager })).body,
        ).transcoding_status;
      }
      if (status !== 'success') throw new Error(`processing ended ${status}`);
      const processed = performance.now();
      const approved = await request(port, 'POST', `/api/backoffice/creative/${id}/approve`, {
        token: operator,
      });
      if (approved.status !== 200) throw new Error(`approval answered ${approved.status}: ${approved.body}`);
      const vast = await request(port, 'GET', `/api/creative/${id}/vast`, { token: manager });
      if (vast.status !== 200) throw new Error(`VAST answered ${vast.status}`);
      const ready = performance.now();
      return [
        {
          name: 'creative video: upload 2 MB 30 s MP4 (checked)',
          value: Math.round(uploaded.ms),
          unit: 'ms',
        },
        { name: 'creative video: upload to processed', value: Math.round(processed - started), unit: 'ms' },
        {
          name: 'creative video: upload to approved, VAST served',
          value: Math.round(ready - started),
          unit: 'ms',
        },
      ];
    } finally {
      await stopServer(server.child);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
