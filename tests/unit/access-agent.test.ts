import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { runs } from '../support/property-runs.ts';
import { MAX_EVENT_BYTES } from '../../src/server/access.ts';
import { claimResponse, eventAcknowledgement, identityResponse } from '../../src/server/access/schemas.ts';
import { call, postJson, site } from '../support/access-support.ts';

describe('KQ-IDENTITY: POST /agent/identity', () => {
  it('anonymous → 200, continue at the token endpoint, no secret', async () => {
    const res = await postJson('/agent/identity', { type: 'anonymous' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(identityResponse.parse(body)).toEqual(body);
    expect(body).toMatchObject({ token_endpoint: `${site().url}/oauth/token`, grant_type: 'public' });
    expect(JSON.stringify(body)).not.toMatch(/secret"|access_token/);
  });

  it.each(['identity_assertion', 'service_auth'])('%s is recognized and refused: 401 invalid_assertion with WWW-Authenticate', async (type) => {
    const res = await postJson('/agent/identity', { type, assertion: 'eyJ.x.y' });
    expect(res.status).toBe(401);
    const body = await res.json();
    expect(body).toEqual({ error: 'invalid_assertion', error_description: expect.stringContaining(type) });
    const challenge = res.headers.get('www-authenticate')!;
    expect(challenge).toMatch(/^Bearer error="invalid_assertion", error_description="[^"\\]+"$/);
    expect(challenge).toContain(body.error_description);
  });

  it.each([
    ['missing type', {}],
    ['unknown type', { type: 'human' }],
    ['type of the wrong case', { type: 'Anonymous' }],
    ['type not a string', { type: 1 }],
    ['an array body', []],
    ['null', null],
  ])('ladder: %s → 400 invalid_request', async (_, body) => {
    const res = await postJson('/agent/identity', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
  });

  it('ladder: not JSON → 400 invalid_request; no body → 400 invalid_request', async () => {
    expect((await (await postJson('/agent/identity', 'type=anonymous')).json()).error).toBe('invalid_request');
    const empty = await call('/agent/identity', { method: 'POST' });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error).toBe('invalid_request');
  });
});

describe('KQ-CLAIM: POST /agent/claim', () => {
  it('any POST → 200 status not_required, with or without a body', async () => {
    for (const res of [await call('/agent/claim', { method: 'POST' }), await postJson('/agent/claim', { anything: true })]) {
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(claimResponse.parse(body)).toEqual(body);
      expect(body.status).toBe('not_required');
    }
  });

  it.each([
    ['a body that is not valid JSON', () => call('/agent/claim', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{bad' }), 400],
    ['a body of another media type', () => call('/agent/claim', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' }), 415],
    ['a body over 64 KiB', () => postJson('/agent/claim', { pad: 'a'.repeat(70_000) }), 413],
  ] as const)('KQ-ERROR-SHAPE, auth.md § Errors: %s → invalid_request', async (_, send, status) => {
    const res = await send();
    expect(res.status).toBe(status);
    expect((await res.json()).error).toBe('invalid_request');
  });
});

describe('KQ-EVENTS: POST /agent/events (docs/decisions.md § Agent events)', () => {
  it('KQ-READ-ONLY, docs/decisions.md § Agent events: a JSON object with a string type → 202 accepted, not stored', async () => {
    const res = await postJson('/agent/events', { type: 'flow_completed', detail: { steps: 3 } });
    expect(res.status).toBe(202);
    const body = await res.json();
    expect(eventAcknowledgement.parse(body)).toEqual(body);
    expect(body).toMatchObject({ accepted: true, stored: false, type: 'flow_completed' });
  });

  it.each([
    ['no type', { kind: 'x' }],
    ['an empty type', { type: '' }],
    ['a numeric type', { type: 3 }],
    ['an array', [{ type: 'x' }]],
    ['a string', '"x"'],
    ['invalid JSON', '{"type":'],
  ])('docs/decisions.md § Agent events: %s → 400 invalid_request', async (_, body) => {
    const res = await postJson('/agent/events', body);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('invalid_request');
  });

  it('FO-BOUNDED, docs/decisions.md § Limits: a notice over 16 KiB → 413 invalid_request; just under is accepted', async () => {
    const over = await postJson('/agent/events', { type: 'x', pad: 'a'.repeat(MAX_EVENT_BYTES) });
    expect(over.status).toBe(413);
    expect((await over.json()).error).toBe('invalid_request');
    const under = await postJson('/agent/events', { type: 'x', pad: 'a'.repeat(MAX_EVENT_BYTES - 100) });
    expect(under.status).toBe(202);
  });

  it('docs/decisions.md § Limits: a chunked notice (no Content-Length) over 16 KiB → 413', async () => {
    const text = JSON.stringify({ type: 'x', pad: 'a'.repeat(MAX_EVENT_BYTES + 10) });
    const body = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(text));
        c.close();
      },
    });
    const res = await call('/agent/events', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
  });
});

describe('KQ-EVENTS: OPTIONS answers 204 on /agent/identity, /agent/claim, /agent/events (and on the OAuth endpoints and the catalog)', () => {
  const origin = () => new URL(site().url).origin;
  it.each(['/agent/identity', '/agent/claim', '/agent/events', '/oauth/token', '/oauth/register', '/oauth/revoke', '/api/v1'])(
    'OPTIONS %s → 204; the site origin gets the CORS grant, others none (docs/decisions.md § CORS)',
    async (path) => {
      const res = await call(path, { method: 'OPTIONS', headers: { Origin: origin(), 'Access-Control-Request-Method': 'POST' } });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin());
      expect(res.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
      const foreign = await call(path, { method: 'OPTIONS', headers: { Origin: 'https://other.example' } });
      expect(foreign.status).toBe(204);
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    },
  );
});

describe('FO-NO-500: nothing a client sends to the OAuth and agent endpoints produces a 500', () => {
  const paths = ['/oauth/register', '/oauth/token', '/oauth/revoke', '/agent/identity', '/agent/claim', '/agent/events'];
  const types = ['application/json', 'application/x-www-form-urlencoded', 'text/plain', ''];
  it('random bodies and media types get a 2xx or a 4xx with an OAuth error object', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), fc.constantFrom(...types), fc.oneof(fc.json(), fc.string(), fc.webUrl()), async (path, type, text) => {
        const res = await call(path, { method: 'POST', headers: type ? { 'Content-Type': type } : {}, body: text });
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) expect(typeof (await res.json()).error).toBe('string');
      }),
      { numRuns: runs(300) },
    );
  });
});
