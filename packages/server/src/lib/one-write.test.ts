import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { endInOneWrite } from './one-write';

/** How the server's socket sent one answer: its `_write` and `_writev` calls, and what the client read. */
const answerWith = async (send: (response: http.ServerResponse) => void) => {
  const counted = { writes: 0, writevs: 0 };
  const server = http.createServer((_request, response) => {
    const socket = response.socket as Socket;
    const write = socket._write.bind(socket);
    const writev = socket._writev?.bind(socket);
    socket._write = (...args) => {
      counted.writes += 1;
      write(...args);
    };
    socket._writev = (...args) => {
      counted.writevs += 1;
      writev?.(...args);
    };
    send(response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const { port } = server.address() as AddressInfo;
    const answer = await fetch(`http://127.0.0.1:${port}/`);
    const body = Buffer.from(await answer.arrayBuffer());
    return {
      status: answer.status,
      type: answer.headers.get('content-type'),
      body,
      serverWrites: counted.writes,
      serverWritevs: counted.writevs,
    };
  } finally {
    server.close();
  }
};

const headOf = (type: string, length: number) => ['content-type', type, 'content-length', String(length)];

describe('endInOneWrite', () => {
  it('sends the head and a JSON body in one write, where end(body) needs writev', async () => {
    const body = JSON.stringify({ id: 'r1', seatbid: [{ bid: [{ adm: 'é'.repeat(600) }] }] });
    const head = headOf('application/json; charset=utf-8', Buffer.byteLength(body));
    const one = await answerWith((response) => {
      response.writeHead(200, head);
      endInOneWrite(response, body);
    });
    expect(one).toMatchObject({ status: 200, serverWrites: 1, serverWritevs: 0 });
    expect(one.body.toString('utf8')).toBe(body);

    const usual = await answerWith((response) => {
      response.writeHead(200, head);
      response.end(body);
    });
    expect(usual.serverWritevs).toBe(1);
    expect(usual.body.toString('utf8')).toBe(body);
  });

  it('sends binary bytes held as latin1 text unchanged', async () => {
    const bytes = Buffer.from([0x47, 0x49, 0x46, 0x00, 0x80, 0xff, 0x3b]);
    const answer = await answerWith((response) => {
      response.writeHead(200, headOf('image/gif', bytes.length));
      endInOneWrite(response, bytes.toString('latin1'), 'latin1');
    });
    expect(answer).toMatchObject({ status: 200, type: 'image/gif', serverWrites: 1, serverWritevs: 0 });
    expect(answer.body).toEqual(bytes);
  });
});
