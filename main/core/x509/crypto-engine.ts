import { CryptoEngine, type AlgorithmIdentifier, type CryptoEnginePublicKeyParams, type PublicKeyInfo } from 'pkijs';

/**
 * pkijs re-encodes the SubjectPublicKeyInfo and imports it into WebCrypto on every signature check. The keys
 * checked are those of the trust bundle's certificates (parsed once per byte array) and of the certificates a
 * token carries (parsed once per DER, verify-timestamp.ts), so the imported key is memoised per PublicKeyInfo
 * object and import parameters: the same key checks every token of a provider. A failed import is not kept, so
 * it fails again, as before. Memory, not I/O.
 */
class KeyMemoEngine extends CryptoEngine {
  private readonly imported = new WeakMap<PublicKeyInfo, Map<string, Promise<CryptoKey>>>();

  override getPublicKey(
    publicKeyInfo: PublicKeyInfo,
    signatureAlgorithm: AlgorithmIdentifier,
    parameters?: CryptoEnginePublicKeyParams,
  ): Promise<CryptoKey> {
    const params = parameters ?? this.fillPublicKeyParameters(publicKeyInfo, signatureAlgorithm);
    const id = JSON.stringify(params.algorithm);
    let perKey = this.imported.get(publicKeyInfo);
    if (!perKey) {
      perKey = new Map();
      this.imported.set(publicKeyInfo, perKey);
    }
    let key = perKey.get(id);
    if (!key) {
      const table = perKey;
      key = super.getPublicKey(publicKeyInfo, signatureAlgorithm, params);
      key.catch(() => table.delete(id));
      table.set(id, key);
    }
    return key;
  }
}

/**
 * pkijs needs a WebCrypto engine for signature checks. Node's built-in webcrypto is computation, not I/O:
 * an engine instance is passed to each call instead of pkijs.setEngine, so no global state is changed.
 */
export const pkiEngine: CryptoEngine = new KeyMemoEngine({ name: 'node-webcrypto', crypto: globalThis.crypto });
