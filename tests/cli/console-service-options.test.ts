import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { consoleServicesOf } from '../../main/cli/console-service-options.ts';
import { configuredOf } from '../../main/console/console-services.ts';

const dir = mkdtempSync(join(tmpdir(), 'proveit-console-options-'));
const keyFile = join(dir, 'operator.key');
const tokenFile = join(dir, 'operator.token');
writeFileSync(keyFile, 'tl-key-0123456789abcdef\n');
writeFileSync(tokenFile, 'season-token-fedcba9876543210\n');

describe('proveit console: the Trust Layer and season service options', () => {
  it('none given: nothing configured, the production trust bundle', async () => {
    const services = await consoleServicesOf({});
    expect(typeof services).toBe('object');
    if (typeof services === 'string') return;
    expect(configuredOf(services)).toEqual({ trust_layer: false, season_service: false });
    expect(services.trustDir).toMatch(/trust[/\\]production$/);
  });

  it('both pairs: the key and the token are read from their files; the freeze goes to --season-url by default', async () => {
    const services = await consoleServicesOf({
      'trust-layer': 'http://127.0.0.1:9000',
      'api-key-file': keyFile,
      'season-url': 'http://127.0.0.1:9004',
      'operator-token-file': tokenFile,
      trust: dir,
    });
    expect(services).toEqual({
      freeze: {
        trustLayer: 'http://127.0.0.1:9000',
        apiKey: 'tl-key-0123456789abcdef',
        seasonBase: 'http://127.0.0.1:9004',
      },
      seasonService: { url: 'http://127.0.0.1:9004', operatorToken: 'season-token-fedcba9876543210' },
      trustDir: dir,
    });
  });

  it('a half pair, a missing season base, a non-URL or an unreadable file is a usage message that quotes no secret', async () => {
    const problems = await Promise.all([
      consoleServicesOf({ 'trust-layer': 'http://127.0.0.1:9000' }),
      consoleServicesOf({ 'operator-token-file': tokenFile }),
      consoleServicesOf({ 'trust-layer': 'http://127.0.0.1:9000', 'api-key-file': keyFile }),
      consoleServicesOf({ 'season-url': 'proveit.example', 'operator-token-file': tokenFile }),
      consoleServicesOf({ 'season-url': 'http://127.0.0.1:9004', 'operator-token-file': join(dir, 'missing') }),
    ]);
    expect(problems[0]).toContain('--trust-layer URL and --api-key-file FILE go together');
    expect(problems[1]).toContain('--season-url URL and --operator-token-file FILE go together');
    expect(problems[2]).toContain('--season-base URL');
    expect(problems[3]).toContain("--season-url 'proveit.example' is not a URL");
    expect(problems[4]).toContain('cannot read the operator token file');
    for (const problem of problems) {
      expect(typeof problem).toBe('string');
      expect(problem).not.toContain('tl-key-');
      expect(problem).not.toContain('season-token-');
    }
  });
});
