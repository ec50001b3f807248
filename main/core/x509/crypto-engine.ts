import { CryptoEngine } from 'pkijs';

/**
 * pkijs needs a WebCrypto engine for signature checks. Node's built-in webcrypto is computation, not I/O:
 * an engine instance is passed to each call instead of pkijs.setEngine, so no global state is changed.
 */
export const pkiEngine = new CryptoEngine({ name: 'node-webcrypto', crypto: globalThis.crypto });
