// What a check answers (main/ipc/contract.ts `freeze.verify`, `index.verify`, the corpus check): its failures' codes.

export interface CheckFailure {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

export interface VerifyAnswer {
  verified: boolean;
  failures: CheckFailure[];
}
