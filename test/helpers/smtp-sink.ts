// A real SMTP server on 127.0.0.1 (npm smtp-server) keeping every mail it receives, parsed by
// mailparser, and the SMTP settings that point Quire at it.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Sink {
  port: number;
  inbox: ParsedMail[];
  close(): Promise<void>;
}

export function startSink(port = 0): Promise<Sink> {
  const inbox: ParsedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, cb) {
      cb(null, { user: auth.username });
    },
    onData(stream, _session, cb) {
      simpleParser(stream).then(
        (mail) => {
          inbox.push(mail);
          cb();
        },
        (err: Error) => cb(err),
      );
    },
  });
  return new Promise((resolve) => {
    smtp.listen(port, '127.0.0.1', () => {
      resolve({
        port: (smtp.server.address() as AddressInfo).port,
        inbox,
        close: () => new Promise((done) => smtp.close(() => done())),
      });
    });
  });
}

export const smtpSettings = (port: number, extra: Record<string, string> = {}) => ({
  fromAddress: 'wiki@example.com',
  smtpHost: '127.0.0.1',
  smtpPort: String(port),
  smtpUser: 'wiki',
  smtpPassword: 'hunter2-secret',
  ...extra,
});
