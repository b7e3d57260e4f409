// Shared by the access-*.test.ts files: the real app over app.request (no server), one client
// address per request so the suites never meet the rate limit they do not test.
import { createApp } from '../../src/server/app.ts';
import { siteData } from '../../src/server/data.ts';

export const app = createApp();
export const site = () => siteData().site;

let client = 0;
export function call(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('x-real-ip')) headers.set('x-real-ip', `198.51.100.${++client % 250}-${client}`);
  return Promise.resolve(app.request(path, { ...init, headers }));
}

export const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

export const postForm = (path: string, fields: Record<string, string>) =>
  call(path, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
