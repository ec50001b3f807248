import { describe, expect, it } from 'vitest';
import { serviceSettings } from './support/systemd-unit.ts';

const unit = serviceSettings();
const one = (key: string) => unit.get(key)?.join(' ');

describe('the season service’s systemd unit', () => {
  it('runs as a user of its own, in a read-only system, without gaining privileges', () => {
    expect(one('DynamicUser')).toBe('yes');
    expect(one('NoNewPrivileges')).toBe('yes');
    expect(one('ProtectSystem')).toBe('strict');
    expect(one('ProtectHome')).toBe('yes');
    expect(one('PrivateTmp')).toBe('yes');
    expect(one('PrivateDevices')).toBe('yes');
    expect(one('CapabilityBoundingSet')).toBe('');
    expect(one('RestrictAddressFamilies')).toBe('AF_INET AF_INET6 AF_UNIX');
    // V8 writes machine code at run time: MemoryDenyWriteExecute would stop node at its first function compiled.
    expect(unit.has('MemoryDenyWriteExecute')).toBe(false);
  });

  it('keeps its state in a folder only its user reads, and its secrets out of the command line', () => {
    expect(one('StateDirectory')).toBe('proveit-season');
    expect(one('StateDirectoryMode')).toBe('0700');
    expect(one('UMask')).toBe('0077');
    const start = one('ExecStart')!;
    expect(start).toContain('--state /var/lib/proveit-season');
    for (const secret of ['operator-token', 'challenge-secret']) {
      expect(unit.get('LoadCredential')).toContain(`${secret}:/etc/proveit-season/${secret}`);
      expect(start).toContain(`-file %d/${secret}`);
    }
  });

  it('starts the real command behind the proxy and stops it with SIGTERM, leaving it time to finish what is under way', () => {
    expect(one('ExecStart')).toMatch(
      /^\/usr\/bin\/node \/opt\/proveit\/bin\/proveit\.mjs season serve --host 127\.0\.0\.1 --port \d+ --trusted-proxy 127\.0\.0\.1 /,
    );
    expect(one('KillSignal')).toBe('SIGTERM');
    // The service's stop finishes the requests under way within about 10 s; systemd waits past that before SIGKILL.
    expect(Number(one('TimeoutStopSec'))).toBeGreaterThan(10);
  });
});
