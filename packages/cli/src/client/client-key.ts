import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { UsageError } from '../cli/exit-codes.js';

/** The JWS algorithm for a key type (and curve), as `private_key_jwt` signs with it. */
const ALGORITHMS: Readonly<Record<string, string>> = {
  rsa: 'RS256',
  'rsa-pss': 'PS256',
  ed25519: 'EdDSA',
  'ec:prime256v1': 'ES256',
  'ec:secp384r1': 'ES384',
  'ec:secp521r1': 'ES512',
};

/**
 * `--client-key FILE`: the client's private key for `private_key_jwt` (RFC 7523 §2.2), a PKCS#8 PEM
 * file, with the signing algorithm its type implies (EC P-256 → ES256, RSA → RS256, Ed25519 →
 * EdDSA...). Read once at start; a key that cannot be used is a usage error that never shows the key.
 */
export function readClientKey(path: string): { privateKey: string; signingAlgorithm: string } {
  let pem: string;
  try {
    pem = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`--client-key: cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  if (!pem.includes('-----BEGIN PRIVATE KEY-----')) {
    throw new UsageError(
      `--client-key: ${path} is not a PKCS#8 PEM private key ("-----BEGIN PRIVATE KEY-----"); convert it with: openssl pkcs8 -topk8 -nocrypt -in KEY`,
    );
  }
  let kind: string | undefined;
  try {
    const key = createPrivateKey(pem);
    kind = key.asymmetricKeyType === 'ec' ? `ec:${key.asymmetricKeyDetails?.namedCurve ?? ''}` : key.asymmetricKeyType;
  } catch {
    throw new UsageError(`--client-key: ${path} does not hold a usable private key`);
  }
  const signingAlgorithm = kind === undefined ? undefined : ALGORITHMS[kind];
  if (signingAlgorithm === undefined)
    throw new UsageError(`--client-key: a ${kind ?? 'unknown'} key cannot sign a client assertion (use EC P-256/384/521, RSA or Ed25519)`);
  return { privateKey: pem, signingAlgorithm };
}
