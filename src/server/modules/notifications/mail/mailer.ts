// Outgoing mail through nodemailer: SMTP, or Amazon SES through nodemailer's SES transport
// (@aws-sdk/client-sesv2). Settings are read at each send, so a changed setting applies at once.
// Both libraries load on first use: the AWS SDK alone would add seconds to every server start.
import type { Transporter } from 'nodemailer';
import type { SettingsService } from '../../settings/service';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Mail is set up (GROWI's isMailerSetup): a from address and a complete transport. */
export function isMailerSetUp(settings: SettingsService): boolean {
  if (!settings.get('mail:from')) return false;
  if (settings.get('mail:transmissionMethod') === 'ses') {
    return settings.get('mail:sesAccessKeyId') !== '' && settings.get('mail:sesSecretAccessKey') !== '';
  }
  return settings.get('mail:smtpHost') !== '' && settings.get('mail:smtpPort') !== '';
}

/** An SMTP transport from the settings (the test mail always uses SMTP, as GROWI does). */
export async function smtpTransport(settings: SettingsService): Promise<Transporter> {
  const { default: nodemailer } = await import('nodemailer');
  const port = Number(settings.get('mail:smtpPort'));
  const user = settings.get('mail:smtpUser');
  const pass = settings.get('mail:smtpPassword');
  return nodemailer.createTransport({
    host: settings.get('mail:smtpHost'),
    port,
    secure: port === 465,
    ...(pass ? { auth: { user, pass } } : {}),
    // A LAN mail server often has a self-signed certificate (GROWI does the same).
    tls: { rejectUnauthorized: false },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

async function sesTransport(settings: SettingsService): Promise<Transporter> {
  const [{ default: nodemailer }, { SESv2Client, SendEmailCommand }] = await Promise.all([
    import('nodemailer'),
    import('@aws-sdk/client-sesv2'),
  ]);
  const sesClient = new SESv2Client({
    region: settings.get('mail:sesRegion') || 'us-east-1',
    credentials: {
      accessKeyId: settings.get('mail:sesAccessKeyId'),
      secretAccessKey: settings.get('mail:sesSecretAccessKey'),
    },
  });
  return nodemailer.createTransport({ SES: { sesClient, SendEmailCommand } });
}

/** Sends one mail now with the configured transport; throws with the transport's reason. */
export async function sendMail(
  settings: SettingsService,
  message: MailMessage,
  via?: Transporter,
): Promise<void> {
  if (!isMailerSetUp(settings) && !via) throw new Error('mail is not set up');
  const ses = settings.get('mail:transmissionMethod') === 'ses';
  const transport = via ?? (ses ? await sesTransport(settings) : await smtpTransport(settings));
  try {
    await transport.sendMail({ from: settings.get('mail:from'), ...message });
  } finally {
    transport.close();
  }
}
