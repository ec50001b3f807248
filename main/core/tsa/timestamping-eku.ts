import type { Certificate } from 'pkijs';
import { fail, ok, type Result } from '../result.ts';
import { extendedKeyUsage } from '../x509/certificate.ts';
import { OID_KP_TIME_STAMPING } from './oids.ts';
import type { TsaCode } from './model.ts';

/**
 * RFC 3161 §2.3: the TSA certificate "MUST contain only one instance of the extended key usage field extension
 * ... with KeyPurposeID having value id-kp-timeStamping. This extension MUST be critical." pkijs does not check
 * this. Like OpenSSL (`X509_PURPOSE_TIMESTAMP_SIGN`), the purpose list must be exactly id-kp-timeStamping.
 * FreeTSA's TSA certificate (tsa.crt, 2026-02-15 to 2040-02-02) has a critical EKU listing only Time Stamping,
 * as do the DigiCert and Sectigo timestamping certificates.
 */
export function checkTimestampingEku(cert: Certificate): Result<true, TsaCode> {
  const eku = extendedKeyUsage(cert);
  if (!eku || !eku.purposes.includes(OID_KP_TIME_STAMPING)) {
    return fail('TSA_SIGNER_EKU_MISSING', 'the signer certificate has no extendedKeyUsage with id-kp-timeStamping', {
      purposes: eku?.purposes ?? null,
    });
  }
  if (!eku.critical) {
    return fail('TSA_SIGNER_EKU_NOT_CRITICAL', 'the timeStamping extendedKeyUsage must be critical (RFC 3161 §2.3)', {
      critical: false,
    });
  }
  if (eku.purposes.length !== 1) {
    return fail(
      'TSA_SIGNER_EKU_NOT_EXCLUSIVE',
      'the extendedKeyUsage must list id-kp-timeStamping only (RFC 3161 §2.3)',
      { purposes: eku.purposes },
    );
  }
  return ok(true);
}
