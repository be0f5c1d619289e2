import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
};

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Sends through SMTP (SMTP_URL) with nodemailer. Without SMTP_URL the same message is
 * rendered by nodemailer to an .eml file under <DATA_DIR>/mail/, so a development shop can
 * open its confirmations in any mail program.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
}): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const folder = path.join(options.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(folder, { recursive: true });
      // Sortable, unique and safe as a file name: time, then the message id's local part.
      const id = String(info.messageId).replace(/[<>]/g, '').split('@')[0] ?? 'mail';
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${id.replace(/[^\w-]/g, '')}.eml`;
      await writeFile(path.join(folder, name), info.message as Buffer);
    },
  };
}
