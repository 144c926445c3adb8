import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../test/test-app';
import { createMailer } from './mailer';

/**
 * The SMTP server at the edge of the world: a listener on loopback that speaks just enough SMTP to take one
 * message and keeps what it was given.
 */
const startSmtpServer = async () => {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let inData = false;
    let data = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      for (const line of chunk.toString('utf8').split('\r\n').slice(0, -1)) {
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(data);
            data = '';
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 test\r\n');
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { port: address.port, received, close: () => server.close() };
};

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  ctx = await startTestApp({ seed: false });
  smtp = await startSmtpServer();
});
afterAll(async () => {
  smtp.close();
  await ctx.close();
});

const outboxRow = (to: string) =>
  ctx.db.selectFrom('outbox').selectAll().where('recipient', '=', to).executeTakeFirstOrThrow();

describe('createMailer', () => {
  it('writes the email to the outbox, delivers it over SMTP and marks it sent', async () => {
    const mailer = createMailer(ctx.db, {
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'beacon@example.com',
      logger: ctx.app.log,
    });
    await mailer.send({ to: 'Reader@Example.com', subject: 'Your report', text: 'It is ready.' });
    const row = await outboxRow('reader@example.com');
    expect(row.sent_at).toBeInstanceOf(Date);
    expect(row.error).toBeNull();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain('Subject: Your report');
    expect(smtp.received[0]).toContain('It is ready.');
  });

  it('keeps a delivery that failed in the outbox with its error', async () => {
    const mailer = createMailer(ctx.db, {
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'beacon@example.com',
      logger: ctx.app.log,
    });
    await mailer.send({ to: 'nobody@example.com', subject: 'Lost', text: 'Not delivered.' });
    const row = await outboxRow('nobody@example.com');
    expect(row.sent_at).toBeNull();
    expect(row.error).toMatch(/ECONNREFUSED/);
  });

  it('queues an email with a transaction: gone if it rolls back, delivered once it commits', async () => {
    const mailer = createMailer(ctx.db, {
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'beacon@example.com',
      logger: ctx.app.log,
    });
    const sent = smtp.received.length;
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await mailer.queue(trx, { to: 'undone@example.com', subject: 'Undone', text: 'Rolled back.' });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(
      await ctx.db.selectFrom('outbox').select('id').where('recipient', '=', 'undone@example.com').execute(),
    ).toEqual([]);
    const queued = await ctx.db
      .transaction()
      .execute((trx) => mailer.queue(trx, { to: 'done@example.com', subject: 'Done', text: 'Committed.' }));
    expect((await outboxRow('done@example.com')).sent_at).toBeNull();
    expect(smtp.received).toHaveLength(sent);
    await queued.deliver();
    expect((await outboxRow('done@example.com')).sent_at).toBeInstanceOf(Date);
    expect(smtp.received).toHaveLength(sent + 1);
    expect(smtp.received.at(-1)).toContain('Subject: Done');
  });

  it('without SMTP, only writes the outbox', async () => {
    const mailer = createMailer(ctx.db, {
      smtpUrl: undefined,
      from: 'beacon@example.com',
      logger: ctx.app.log,
    });
    await mailer.send({ to: 'local@example.com', subject: 'Kept', text: 'Outbox only.' });
    const row = await outboxRow('local@example.com');
    expect(row.sent_at).toBeNull();
    expect(row.error).toBeNull();
  });
});
