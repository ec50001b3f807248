import { describe, expect, it } from 'vitest';
import { clientAddress, normalAddress, trustedProxySet } from '../../../season-service/limits/client-address.ts';

const proxies = (...addresses: string[]) => {
  const read = trustedProxySet(addresses);
  if (!read.ok) throw new Error(`not an address: ${read.bad}`);
  return read.set;
};

describe('the client address limits key on', () => {
  it('with no trusted proxy, X-Forwarded-For is ignored: a participant cannot pick the address it is counted under', () => {
    expect(clientAddress('203.0.113.7', '198.51.100.1', proxies())).toBe('203.0.113.7');
  });

  it('from a peer that is not a trusted proxy, X-Forwarded-For is ignored', () => {
    expect(clientAddress('203.0.113.7', '198.51.100.1', proxies('10.0.0.1'))).toBe('203.0.113.7');
  });

  it('from the trusted proxy, the client is the address it appended (the right-most entry)', () => {
    expect(clientAddress('10.0.0.1', '198.51.100.1', proxies('10.0.0.1'))).toBe('198.51.100.1');
  });

  it('entries a client wrote to the left of the one the proxy appended prove nothing', () => {
    expect(clientAddress('10.0.0.1', '192.0.2.99, 198.51.100.1', proxies('10.0.0.1'))).toBe('198.51.100.1');
  });

  it('a chain of trusted proxies is walked from the right to the first address that is not one of them', () => {
    const chain = proxies('10.0.0.1', '10.0.0.2');
    expect(clientAddress('10.0.0.1', '192.0.2.99, 198.51.100.1, 10.0.0.2', chain)).toBe('198.51.100.1');
  });

  it('the trusted proxy sending no X-Forwarded-For is counted as itself', () => {
    expect(clientAddress('10.0.0.1', undefined, proxies('10.0.0.1'))).toBe('10.0.0.1');
  });

  it('a right-most entry that is not an address is not taken as a client: the peer stays the key', () => {
    expect(clientAddress('10.0.0.1', '198.51.100.1, not-an-address', proxies('10.0.0.1'))).toBe('10.0.0.1');
  });

  it('repeated X-Forwarded-For headers are read as one list', () => {
    expect(clientAddress('10.0.0.1', ['192.0.2.99', '198.51.100.1'], proxies('10.0.0.1'))).toBe('198.51.100.1');
  });

  it('an IPv4 client of a dual-stack socket (::ffff:a.b.c.d) is the same address as a.b.c.d, for proxies too', () => {
    expect(normalAddress('::FFFF:198.51.100.1')).toBe('198.51.100.1');
    expect(clientAddress('::ffff:10.0.0.1', '::ffff:198.51.100.1', proxies('10.0.0.1'))).toBe('198.51.100.1');
    expect(normalAddress('2001:DB8::1')).toBe('2001:db8::1');
  });

  it('a trusted proxy that is not an IP address is refused, named', () => {
    expect(trustedProxySet(['10.0.0.1', 'proxy.example.org'])).toEqual({ ok: false, bad: 'proxy.example.org' });
  });
});
