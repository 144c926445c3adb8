import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';

export type Mail = { to: string; subject: string; text: string };

export type Mailer = {
  send: (mail: Mail) => Promise<void>;
  /**
   * Writes the email to the outbox in the caller's transaction `trx`, so that it stands or falls with the write it
   * reports; `deliver`, once that transaction has committed, sends it over SMTP when SMTP_URL is set.
   */
  queue: (trx: Kysely<Database>, mail: Mail) => Promise<{ deliver: () => Promise<void> }>;
};

/**
 * Every email is written to the outbox table first, so the embedded default works without a mail server and
 * support can see what was sent. With SMTP_URL set it is then delivered over SMTP and marked sent; nodemailer is
 * loaded for the first delivery, not at start (decision 031).
 */
export const createMailer = (
  db: Db,
  options: { smtpUrl: string | undefined; from: string; logger: FastifyBaseLogger },
): Mailer => {
  const { smtpUrl } = options;
  let loading: Promise<Transporter> | undefined;
  const transport = smtpUrl
    ? () => {
        loading ??= import('nodemailer').then(({ default: nodemailer }) =>
          nodemailer.createTransport(smtpUrl),
        );
        return loading;
      }
    : undefined;
  const queue: Mailer['queue'] = async (trx, mail) => {
    const row = await trx
      .insertInto('outbox')
      .values({ recipient: mail.to.toLowerCase(), subject: mail.subject, body_text: mail.text })
      .returning('id')
      .executeTakeFirstOrThrow();
    const deliver = async () => {
      if (!transport) {
        options.logger.info(
          { outboxId: row.id, to: mail.to, subject: mail.subject },
          'email written to the outbox',
        );
        return;
      }
      try {
        await (await transport()).sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
        });
        await db.updateTable('outbox').set({ sent_at: new Date() }).where('id', '=', row.id).execute();
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await db.updateTable('outbox').set({ error: message }).where('id', '=', row.id).execute();
        options.logger.error({ outboxId: row.id, err: error }, 'email delivery failed');
      }
    };
    return { deliver };
  };
  return {
    send: async (mail) => (await queue(db, mail)).deliver(),
    queue,
  };
};
