import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { nginxConfForTest, siteForTest } from './nginx-site.ts';

/** Debian's nginx (CI installs the `nginx` package). */
export const NGINX = '/usr/sbin/nginx';

/** A loopback port free at the time of asking (nginx takes no port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A throwaway certificate for 127.0.0.1 and localhost, made by openssl in `dir`: its files and its PEM text. */
export function throwawayCertificate(dir: string): { certificate: string; certificateKey: string } {
  const certificate = join(dir, 'cert.pem');
  const certificateKey = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
      ...['-keyout', certificateKey, '-out', certificate, '-subj', '/CN=localhost'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'],
    ],
    { stdio: 'ignore' },
  );
  return { certificate, certificateKey };
}

export interface RunningNginx {
  httpsUrl: string;
  httpUrl: string;
  /** What nginx wrote on stderr (its error log). */
  stderr: () => string;
  /** A graceful stop (SIGQUIT: the requests under way are finished), resolved once nginx has exited. */
  stop(): Promise<void>;
}

/** Resolves once something accepts connections on the port; fails after `withinMs`. */
async function listening(port: number, withinMs: number): Promise<void> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    const accepted = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (accepted) return;
    if (performance.now() > deadline) throw new Error(`nginx did not listen on ${port} within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Debian's nginx in front of the service on `servicePort`, with the deploy site as written but for its places (free
 * loopback ports, the throwaway certificate), as the test's own user: `-p dir`, in the foreground, its pid file and
 * temporary files in `dir`.
 */
export async function startNginx(dir: string, servicePort: number): Promise<RunningNginx> {
  mkdirSync(join(dir, 'temp'), { recursive: true });
  const places = { ...throwawayCertificate(dir), httpsPort: await freePort(), httpPort: await freePort(), servicePort };
  const site = join(dir, 'site.conf');
  writeFileSync(site, siteForTest(places));
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfForTest(site));
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', `${dir}/`, '-c', conf, '-g', `daemon off; pid ${join(dir, 'nginx.pid')};`],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const failed = exited.then(() => {
    throw new Error(`nginx exited at start: ${stderr}`);
  });
  await Promise.race([listening(places.httpsPort, 10_000), failed]);
  failed.catch(() => {});
  return {
    httpsUrl: `https://127.0.0.1:${places.httpsPort}`,
    httpUrl: `http://127.0.0.1:${places.httpPort}`,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}
