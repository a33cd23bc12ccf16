// The gateway's TLS certificate when none is given: browsers speak HTTP/2 only over TLS (docs/shells-and-remotes.md).
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A self-signed certificate for localhost and 127.0.0.1 under `dir` (made once, kept across starts), for trying the
 * production topology on one machine. A browser warns about it; DIST_TLS_CERT and DIST_TLS_KEY give a real one.
 */
export function selfSignedCert(dir) {
  const cert = path.join(dir, 'gateway.crt');
  const key = path.join(dir, 'gateway.key');
  if (!existsSync(cert) || !existsSync(key)) {
    mkdirSync(dir, { recursive: true });
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '825',
      '-keyout', key, '-out', cert, '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ], { stdio: 'ignore' });
  }
  return { cert, key };
}

/** The base64 SHA-256 of a certificate's public key: what Chromium's --ignore-certificate-errors-spki-list takes. */
export function spkiHash(certFile) {
  const spki = new X509Certificate(readFileSync(certFile)).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}
