import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pemBlocks, pemToDer } from '../../../main/core/x509/pem.ts';

const ARTEFACTS = new URL('../../../artefacts/trust-layer/', import.meta.url);

describe('PEM blocks', () => {
  it('reads the FreeTSA root as one CERTIFICATE block', () => {
    const text = readFileSync(new URL('cacert.pem', ARTEFACTS), 'utf8');
    const der = pemToDer(text, 'CERTIFICATE');
    expect(der?.[0]).toBe(0x30);
  });

  it('reads the Rekor log key as a PUBLIC KEY block and nothing under another label', () => {
    const text = readFileSync(new URL('rekor-public-good-log.pem', ARTEFACTS), 'utf8');
    expect(pemToDer(text, 'PUBLIC KEY')?.length).toBe(91);
    expect(pemToDer(text, 'CERTIFICATE')).toBeNull();
  });

  it('returns every block of a bundle in order, and null from pemToDer when the label is ambiguous', () => {
    const one = readFileSync(new URL('cacert.pem', ARTEFACTS), 'utf8');
    const two = readFileSync(new URL('tsa.crt', ARTEFACTS), 'utf8');
    const blocks = pemBlocks(`${one}\n${two}`);
    expect(blocks.map((b) => b.label)).toEqual(['CERTIFICATE', 'CERTIFICATE']);
    expect(pemToDer(`${one}\n${two}`, 'CERTIFICATE')).toBeNull();
  });

  it('leaves out a block whose body is not base64', () => {
    expect(pemBlocks('-----BEGIN PUBLIC KEY-----\nnot*base64\n-----END PUBLIC KEY-----\n')).toEqual([]);
  });
});
