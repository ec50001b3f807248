// The two independent witnesses on the real artefacts, one core: RFC 3161 tokens (FreeTSA, P-384/SHA-512, RSA
// root) and the Rekor entry (three P-256 verifications and a 32-step RFC 6962 walk). The proof verifier memoises
// both per anchored root, so these figures are per batch, not per proof.
import { readFileSync } from 'node:fs';
import { verifyRekorEntry } from '../main/core/rekor/verify-entry.ts';
import { verifyTimestampToken } from '../main/core/tsa/verify-timestamp.ts';
import type { TsaTrust } from '../main/core/tsa/model.ts';
import { pemBlocks } from '../main/core/x509/pem.ts';
import { freetsaTrust, PROVIDER, realTokens } from '../tests/core/tsa/freetsa-fixtures.ts';
import { productionRekorTrust, readArtefact, vectors } from '../tests/core/rekor/real-entries.ts';

async function perSecond(label: string, run: () => Promise<boolean> | boolean, minimumMs = 1000): Promise<number> {
  if (!(await run())) throw new Error(`${label}: the benchmark input does not verify`);
  // Warm-up rounds so the JIT has compiled the paths before the clock starts.
  for (let i = 0; i < 10; i++) await run();
  let count = 0;
  const start = performance.now();
  while (performance.now() - start < minimumMs) {
    await run();
    count += 1;
  }
  const rate = (count * 1000) / (performance.now() - start);
  console.log(`  ${label}: ${rate.toFixed(1)}/s (${(1000 / rate).toFixed(2)} ms each)`);
  return rate;
}

console.log('witnesses (bench/witnesses.ts)');
const [token] = realTokens();
const trust = freetsaTrust();
const tsaRate = await perSecond('RFC 3161 FreeTSA token, verified', async () => {
  const result = await verifyTimestampToken({
    tsr: token!.tsr,
    anchoredHash: token!.anchoredHash,
    provider: PROVIDER,
    trust,
  });
  return result.ok;
});

// A provider with the system roots ("roots": "system" in the bundle) lends ~140 certificates to each call:
// they are parsed once per byte array, so only the first call pays for it.
const systemRoots = pemBlocks(readFileSync('/etc/ssl/certs/ca-certificates.crt', 'utf8')).map((block) => block.der);
const withSystemRoots: TsaTrust = {
  [PROVIDER]: { roots: [...systemRoots, ...trust[PROVIDER]!.roots], untrusted: trust[PROVIDER]!.untrusted },
};
const first = performance.now();
await verifyTimestampToken({
  tsr: token!.tsr,
  anchoredHash: token!.anchoredHash,
  provider: PROVIDER,
  trust: withSystemRoots,
});
console.log(`  first call with ${systemRoots.length} system roots added: ${(performance.now() - first).toFixed(1)} ms`);
const systemRate = await perSecond('RFC 3161 token, later calls with the system roots added', async () => {
  const result = await verifyTimestampToken({
    tsr: token!.tsr,
    anchoredHash: token!.anchoredHash,
    provider: PROVIDER,
    trust: withSystemRoots,
  });
  return result.ok;
});

const real = vectors.verified[0]!;
const entry = readArtefact(real.entry);
const rekorTrust = productionRekorTrust();
const rekorRate = await perSecond(
  'Rekor entry, verified fully',
  () => verifyRekorEntry({ entry, anchoredHex: real.anchoredHex, trust: rekorTrust }).ok,
);

console.log(`  ratio RFC 3161 / Rekor verifications per second: ${(tsaRate / rekorRate).toFixed(2)}`);
console.log(`  ratio system-roots / fixture-roots RFC 3161 rate: ${(systemRate / tsaRate).toFixed(2)}`);
console.log(`  both witnesses of one batch: ${(1000 / tsaRate + 1000 / rekorRate).toFixed(2)} ms`);
