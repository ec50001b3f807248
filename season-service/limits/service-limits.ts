// The season service's limits (docs/season-service.md "Durability and limits"), declared here rather than beside the
// ServiceContext that carries them: the HTTP limits of this folder read them, and the context imports this folder's
// token buckets, so declaring them there made the two folders import each other.

export interface ServiceLimits {
  /** Largest submission body (docs/season-service.md "Durability and limits": 1 MiB, the intake parser's own cap). */
  submissionBytes: number;
  /** Largest enrollment or freeze body. */
  smallBodyBytes: number;
  /**
   * Largest delivery of a track's reports (POST /reports/{track}): every participant's signed report of one
   * publication version, a few KiB to some hundred KiB each.
   */
  reportDeliveryBytes: number;
  /**
   * Submissions per participant: a burst, then a steady rate (at least 120 a minute, docs/season-service.md "Durability
   * and limits").
   */
  submitBurst: number;
  submitPerMinute: number;
  /**
   * Enrollment attempts per client address per hour (the socket's, or the one a trusted proxy reports), and per API
   * key (its SHA-256): one participant retrying does not use up the budget of everyone behind its address.
   */
  enrollPerIpPerHour: number;
  enrollPerKeyPerHour: number;
  /**
   * What one participant may store (spec §5.6, §7.4: ten tasks a track, each replaceable until close, a submission a
   * few KiB): the bytes of all its versions, replaced ones included, and the versions of one task.
   */
  participantStoredBytes: number;
  versionsPerTask: number;
  /** Slow clients: the whole request, and its headers, must arrive within these (ms). */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  /** How long a kept-alive connection may stay idle between two requests (ms). */
  keepAliveTimeoutMs: number;
  /** Open connections at once, and from one address that is not a trusted proxy. */
  maxConnections: number;
  maxConnectionsPerAddress: number;
  /** The request line and headers together, in bytes (past it: 431), and the headers read from one request. */
  maxHeaderBytes: number;
  maxHeadersCount: number;
  /**
   * The Trust Layer's batch age (trust-layer-reference §4.5: a batch closes after 600 s at most): a proof counts only
   * if its batch's RFC 3161 time is at or before the close (spec §4.1), so GET /v1/season/{n} tells participants to
   * stop reading the corpus this long before it (`last_safe_call_at`).
   */
  trustLayerBatchAgeSeconds: number;
}

export const DEFAULT_LIMITS: ServiceLimits = {
  submissionBytes: 1_048_576,
  smallBodyBytes: 16_384,
  reportDeliveryBytes: 64 * 1_048_576,
  submitBurst: 120,
  submitPerMinute: 600,
  enrollPerIpPerHour: 20,
  enrollPerKeyPerHour: 5,
  // 50 versions of each of 20 tasks at 8 KiB: what a season can need, far below what one disk holds per participant.
  participantStoredBytes: 8_388_608,
  versionsPerTask: 50,
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1_000,
  maxConnectionsPerAddress: 128,
  maxHeaderBytes: 16_384,
  maxHeadersCount: 100,
  trustLayerBatchAgeSeconds: 600,
};
