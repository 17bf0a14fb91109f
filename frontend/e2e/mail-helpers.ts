import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';

/*
 * The mail the payments server sent over SMTP (project "payments"): a real
 * SMTP server (aiosmtpd, ../scripts/e2e-payments-server.sh) keeps each
 * message it accepts as a file of a Maildir, E2E_MAILDIR (playwright.config.ts
 * sets it). The tests read the messages as a mail client would, parsed by
 * mailparser.
 */

export type ReceivedMail = {
  subject: string;
  /** Every address it was sent to (the To header and the SMTP envelope), in small letters. */
  to: string[];
  text: string;
  html: string;
};

function maildir(): string {
  const dir = process.env.E2E_MAILDIR;
  if (!dir) throw new Error('E2E_MAILDIR is not set: the payments server keeps its mail there (playwright.config.ts)');
  return dir;
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const groups = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return groups
    .flatMap((group) => group.value.flatMap((entry) => [entry.address, ...(entry.group ?? []).map((member) => member.address)]))
    .filter((address): address is string => Boolean(address));
}

function received(mail: ParsedMail): ReceivedMail {
  // aiosmtpd's Mailbox handler writes the envelope's recipients as X-RcptTo.
  const envelope = String(mail.headers.get('x-rcptto') ?? '')
    .split(',')
    .map((address) => address.trim());
  const to = [...addresses(mail.to), ...envelope.filter(Boolean)];
  return {
    subject: mail.subject ?? '',
    to: to.map((address) => address.toLowerCase()),
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
  };
}

// A message's file never changes once delivered (new/ or, once read by a client, cur/): parsed once.
const parsed = new Map<string, Promise<ReceivedMail>>();

/** Every message in the Maildir so far. */
export async function allMail(): Promise<ReceivedMail[]> {
  const files: string[] = [];
  for (const sub of ['new', 'cur']) {
    const dir = join(maildir(), sub);
    const names = await readdir(dir).catch(() => [] as string[]);
    files.push(...names.filter((name) => !name.startsWith('.')).map((name) => join(dir, name)));
  }
  return Promise.all(
    files.map((file) => {
      let mail = parsed.get(file);
      if (!mail) {
        mail = readFile(file).then(async (source) => received(await simpleParser(source)));
        parsed.set(file, mail);
      }
      return mail;
    }),
  );
}

/**
 * The message to `to` whose subject matches, once the server has sent it
 * (the outbox sends within a second or so); polled, never waited for by time.
 */
export async function waitForMail(to: string, subject: RegExp, timeout = 30_000): Promise<ReceivedMail> {
  const address = to.toLowerCase();
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await allMail()).find((mail) => mail.to.includes(address) && subject.test(mail.subject));
        return found !== undefined;
      },
      { message: `a mail to ${to} with the subject ${String(subject)}`, timeout },
    )
    .toBe(true);
  return found!;
}
