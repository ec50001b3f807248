// The audit log (main/ipc/contract.ts `audit.*`).

export interface AuditEntry {
  seq: number;
  at_ms: number;
  actor: string;
  action: string;
  summary: string;
  details: string;
  prev_hash: string;
  entry_hash: string;
}

export type AuditVerifyAnswer =
  | { ok: true; entries: number; head: { seq: number; hash: string }; quoted_heads: number }
  | { ok: false; code: string; message: string; details?: Record<string, unknown> };
