import { isIP } from 'node:net';

/**
 * One spelling per address: an IPv4 client of a dual-stack socket shows as `::ffff:a.b.c.d`, the same client as
 * `a.b.c.d` elsewhere. Limits keyed on an address, and the trusted-proxy list, compare this form.
 */
export function normalAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return (mapped ? mapped[1]! : address).toLowerCase();
}

/** The trusted-proxy list as given (`--trusted-proxy`), or the first entry that is not an IP address. */
export function trustedProxySet(
  addresses: readonly string[],
): { ok: true; set: Set<string> } | { ok: false; bad: string } {
  const set = new Set<string>();
  for (const address of addresses) {
    if (isIP(address) === 0) return { ok: false, bad: address };
    set.add(normalAddress(address));
  }
  return { ok: true, set };
}

/**
 * The address limits are keyed on: the socket's peer, unless that peer is a trusted proxy (the TLS reverse proxy in
 * front of the service, docs/season-service.md); then the right-most X-Forwarded-For entry that is not itself a
 * trusted proxy, which is the address the nearest trusted proxy saw. Entries to its left were written by the client
 * and prove nothing, and the header from any other peer is ignored: a participant can send it too.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: ReadonlySet<string>,
): string {
  const socketAddress = normalAddress(peer ?? 'unknown');
  if (!trusted.has(socketAddress) || forwardedFor === undefined) return socketAddress;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((hop) => normalAddress(hop.trim()));
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    // A hop that is not an address is not what a proxy writes: the peer stays the key rather than a made-up one.
    if (isIP(hop) === 0) return socketAddress;
    if (!trusted.has(hop)) return hop;
  }
  return hops[0] ?? socketAddress;
}
