// Proofs verified per second on one core (design brief §6: "thousands of proofs per second on one core").
// (a) many proofs sharing one batch: the batch token is verified once (WitnessMemo), the rest is per proof;
// (b) one batch per proof: every proof brings its own token. Synthetic spec 3.1 proofs with a real Ed25519 key
// and real RFC 3161 tokens from a throwaway openssl TSA; each proof is parsed from its bytes, then verified.
import { createPublicKey, verify as opensslVerify } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { canonical } from '../main/core/json/canonical.ts';
import { parseProofView } from '../main/core/proof/parse-view.ts';
import { verifyProof } from '../main/core/proof/verify-proof.ts';
import { WitnessMemo } from '../main/core/proof/witness-memo.ts';
import type { TrustBundle } from '../main/core/trust/bundle.ts';
import { createTestTsa } from '../tests/support/test-tsa.ts';
import {
  syntheticBatch,
  syntheticBundle,
  syntheticSigner,
  type SyntheticProof,
} from '../tests/core/proof/support/synthetic-proofs.ts';

const SHARED_BATCH = 1000;
const OWN_BATCHES = 100;
const OWN_BATCH_SIZE = 4;
const ED25519_ROUNDS = 300;

const bytesOf = (proofs: SyntheticProof[]) => proofs.map((p) => new TextEncoder().encode(canonical(p.view)));

async function verifyAll(all: Uint8Array[], bundle: TrustBundle, memo: WitnessMemo): Promise<number> {
  const started = process.hrtime.bigint();
  for (const raw of all) {
    const view = parseProofView(raw);
    if (!view.ok) throw new Error(view.error.message);
    const report = await verifyProof({ view: view.value, offline: true }, { bundle, memo });
    if (report.verdict !== 'VERIFIED') throw new Error(`bench proof not verified: ${JSON.stringify(report.failure)}`);
  }
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** Why the verifier uses node:crypto for Ed25519: the per-proof check alone, OpenSSL (used) against @noble/curves. */
function ed25519Rates(): { noble: number; openssl: number } {
  const secret = new Uint8Array(32).fill(4);
  const publicKey = ed25519.getPublicKey(secret);
  const message = new TextEncoder().encode('39384292e666534cd3111304449f40b7ebdf298e86f3c0ce2e9698eb6e6dd8d9');
  const signature = ed25519.sign(message, secret);
  const keyObject = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') },
    format: 'jwk',
  });
  const rate = (verify: () => boolean) => {
    const started = process.hrtime.bigint();
    for (let i = 0; i < ED25519_ROUNDS; i++) if (!verify()) throw new Error('bench signature did not verify');
    return ED25519_ROUNDS / (Number(process.hrtime.bigint() - started) / 1e9);
  };
  return {
    noble: rate(() => ed25519.verify(signature, message, publicKey, { zip215: false })),
    openssl: rate(() => opensslVerify(null, message, keyObject, signature)),
  };
}

const tsa = createTestTsa({ key: 'ec-p256', name: 'bench' });
try {
  const signer = syntheticSigner(9);
  const bundle = syntheticBundle(signer, tsa);
  const stamp = (raw32: Uint8Array) => tsa.stamp(raw32);

  const shared = bytesOf(syntheticBatch({ count: SHARED_BATCH, seed: 'shared', signer, stamp }));
  // (b): the first proof of each of OWN_BATCHES batches, so every verified proof has a token of its own.
  const own = bytesOf(
    Array.from(
      { length: OWN_BATCHES },
      (_, i) =>
        syntheticBatch({ count: OWN_BATCH_SIZE, seed: `own-${i}`, signer, stamp })[
          i % OWN_BATCH_SIZE
        ] as SyntheticProof,
    ),
  );

  await verifyAll(shared.slice(0, 50), bundle, new WitnessMemo()); // warm-up: JIT, certificate parsing caches
  const sharedSeconds = await verifyAll(shared, bundle, new WitnessMemo());
  const ownSeconds = await verifyAll(own, bundle, new WitnessMemo());
  const sharedRate = SHARED_BATCH / sharedSeconds;
  const ownRate = OWN_BATCHES / ownSeconds;
  console.log('proof verify (spec 3.1, Ed25519 + batch path + RFC 3161, parse included, one core)');
  console.log(
    `  (a) ${SHARED_BATCH} proofs sharing one batch (token verified once): ${sharedRate.toFixed(0)} proofs/s (${((sharedSeconds / SHARED_BATCH) * 1e3).toFixed(3)} ms/proof)`,
  );
  console.log(
    `  (b) ${OWN_BATCHES} proofs, one batch and token each:               ${ownRate.toFixed(0)} proofs/s (${((ownSeconds / OWN_BATCHES) * 1e3).toFixed(3)} ms/proof)`,
  );
  console.log(`  ratio (a)/(b): ${(sharedRate / ownRate).toFixed(1)}x from memoising the batch token`);
  const ed = ed25519Rates();
  console.log(
    `  Ed25519 verify alone: node:crypto (used) ${ed.openssl.toFixed(0)}/s, @noble/curves ${ed.noble.toFixed(0)}/s (${(ed.openssl / ed.noble).toFixed(1)}x)`,
  );
} finally {
  tsa.close();
}
