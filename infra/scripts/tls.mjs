// The gateway's TLS certificate when none is given: browsers speak HTTP/2 only over TLS (docs/shells-and-remotes.md).
import { execFileSync } from 'node:child_process';
import { createHash, createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';
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

/**
 * The operator's certificate and key, checked before nginx is given them: a missing file, a file that is not PEM or a
 * key of another certificate is said plainly here, instead of nginx failing to start again and again under the
 * supervisor. Returns the absolute paths.
 */
export function checkCertPair(certFile, keyFile) {
  if (!certFile || !keyFile) throw new Error('DIST_TLS_CERT and DIST_TLS_KEY go together: set both, or neither for a self-signed pair');
  const read = (file, what) => {
    try {
      return readFileSync(file);
    } catch {
      throw new Error(`${what} ${file} cannot be read`);
    }
  };
  let cert, key;
  try {
    cert = new X509Certificate(read(certFile, 'DIST_TLS_CERT'));
  } catch (err) {
    throw new Error(err.message.includes('cannot be read') ? err.message : `DIST_TLS_CERT ${certFile} is not a PEM certificate`);
  }
  try {
    key = createPrivateKey(read(keyFile, 'DIST_TLS_KEY'));
  } catch (err) {
    throw new Error(err.message.includes('cannot be read') ? err.message : `DIST_TLS_KEY ${keyFile} is not a PEM private key`);
  }
  const spki = (k) => k.export({ type: 'spki', format: 'der' });
  if (!spki(createPublicKey(key)).equals(spki(cert.publicKey))) throw new Error(`DIST_TLS_KEY ${keyFile} is not the key of the certificate ${certFile}`);
  return { cert: path.resolve(certFile), key: path.resolve(keyFile) };
}
