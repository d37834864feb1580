// HTTPS for the LAN (issue 16): a certificate the admin provides, or one Quire makes itself
// (self-signed, for this machine's names and addresses) whose SHA-256 fingerprint colleagues compare
// with the one the Sharing screen shows the first time their browser warns. Kept as PEM files in
// `<dataDir>/tls/` (the key readable by its owner only), not in the database: backups and archives
// never carry the private key.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../lib/app-error';

export type TlsMode = 'off' | 'provided' | 'self-signed';

export interface TlsMaterial {
  cert: string;
  key: string;
  fingerprint256: string;
  validTo: string;
}

/** Names and addresses the generated certificate is for. */
export interface CertificateNames {
  dnsNames: string[];
  ips: string[];
}

const SELF_SIGNED_DAYS = 825; // The longest validity browsers accept for a server certificate.

function invalid(reason: string): AppError {
  return new AppError(400, 'invalid_certificate', 'sharing.invalid_certificate', { reason });
}

/** Checks a certificate and its key belong together and the certificate is in date. */
export function checkMaterial(cert: string, key: string, now = new Date()): TlsMaterial {
  let x509: crypto.X509Certificate;
  let privateKey: crypto.KeyObject;
  try {
    x509 = new crypto.X509Certificate(cert);
  } catch {
    throw invalid('the certificate is not a PEM certificate');
  }
  try {
    privateKey = crypto.createPrivateKey(key);
  } catch {
    throw invalid('the key is not an unencrypted PEM private key');
  }
  if (!x509.checkPrivateKey(privateKey)) throw invalid('the key does not belong to the certificate');
  if (new Date(x509.validTo) < now) throw invalid(`the certificate expired on ${x509.validTo}`);
  return { cert, key, fingerprint256: x509.fingerprint256, validTo: new Date(x509.validTo).toISOString() };
}

export class TlsStore {
  constructor(private readonly dir: string) {}

  private get certFile(): string {
    return path.join(this.dir, 'cert.pem');
  }

  private get keyFile(): string {
    return path.join(this.dir, 'key.pem');
  }

  /** The stored certificate, or null when there is none (or it no longer checks out). */
  load(): TlsMaterial | null {
    try {
      return checkMaterial(fs.readFileSync(this.certFile, 'utf8'), fs.readFileSync(this.keyFile, 'utf8'));
    } catch {
      return null;
    }
  }

  save(material: TlsMaterial): void {
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    // Written aside and renamed: a crash never leaves a certificate without its key.
    fs.writeFileSync(`${this.keyFile}.tmp`, material.key, { mode: 0o600 });
    fs.writeFileSync(`${this.certFile}.tmp`, material.cert);
    fs.renameSync(`${this.keyFile}.tmp`, this.keyFile);
    fs.renameSync(`${this.certFile}.tmp`, this.certFile);
  }

  async generate(commonName: string, names: CertificateNames): Promise<TlsMaterial> {
    const { generate } = await import('selfsigned');
    const altNames = [
      ...names.dnsNames.map((value) => ({ type: 2 as const, value })),
      ...names.ips.map((ip) => ({ type: 7 as const, ip })),
    ];
    const pems = await generate([{ name: 'commonName', value: commonName.slice(0, 64) }], {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      notAfterDate: new Date(Date.now() + SELF_SIGNED_DAYS * 86_400_000),
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
        { name: 'extKeyUsage', serverAuth: true },
        { name: 'subjectAltName', altNames },
      ],
    });
    return checkMaterial(pems.cert, pems.private);
  }
}
