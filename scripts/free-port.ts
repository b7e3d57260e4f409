import { createServer } from 'node:net';

/** A free TCP port on loopback, chosen by the OS. */
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

/** Whether `port` can be listened on at `hostname` now (another server may hold it). */
export function portIsFree(port: number, hostname: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, hostname, () => server.close(() => resolve(true)));
  });
}

/**
 * The address `npm start` serves at and builds for: PORT (4321) and HOST (localhost), and the site
 * URL its absolute links use (FOLIO_SITE_URL, else that address). `npm run check` builds for the
 * same one when it can, so that `npm start` after it serves that build instead of building again.
 */
export function startAddress(env: NodeJS.ProcessEnv = process.env) {
  const port = Number(env.PORT || 4321);
  const hostname = env.HOST || 'localhost';
  const base = `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`;
  const siteUrl = env.FOLIO_SITE_URL?.replace(/\/+$/, '') || base;
  return { port, hostname, base, siteUrl };
}
