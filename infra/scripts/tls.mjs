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
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '825',
        '-keyout',
        key,
        '-out',
        cert,
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
  }
  return { cert, key };
}

/** A public key as DER bytes: what a certificate and its private key share. */
const spki = (publicKey) => publicKey.export({ type: 'spki', format: 'der' });

/** The base64 SHA-256 of a certificate's public key: what Chromium's --ignore-certificate-errors-spki-list takes. */
export function spkiHash(certFile) {
  return createHash('sha256')
    .update(spki(new X509Certificate(readFileSync(certFile)).publicKey))
    .digest('base64');
}

/** `parse(bytes)` of a file, or an error naming the variable and what is wrong with the file. */
function readAs(file, name, what, parse) {
  let bytes;
  try {
    bytes = readFileSync(file);
  } catch {
    throw new Error(`${name} ${file} cannot be read`);
  }
  try {
    return parse(bytes);
  } catch {
    throw new Error(`${name} ${file} is not a PEM ${what}`);
  }
}

/**
 * The operator's certificate and key, checked before nginx is given them: a missing file, a file that is not PEM or a
 * key of another certificate is said plainly here, instead of nginx failing to start again and again under the
 * supervisor. Returns the absolute paths.
 */
export function checkCertPair(certFile, keyFile) {
  if (!certFile || !keyFile)
    throw new Error('DIST_TLS_CERT and DIST_TLS_KEY go together: set both, or neither for a self-signed pair');
  const cert = readAs(certFile, 'DIST_TLS_CERT', 'certificate', (b) => new X509Certificate(b));
  const key = readAs(keyFile, 'DIST_TLS_KEY', 'private key', (b) => createPrivateKey(b));
  if (!spki(createPublicKey(key)).equals(spki(cert.publicKey)))
    throw new Error(`DIST_TLS_KEY ${keyFile} is not the key of the certificate ${certFile}`);
  return { cert: path.resolve(certFile), key: path.resolve(keyFile) };
}
