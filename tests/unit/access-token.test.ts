import { describe, expect, it } from 'vitest';
import { tokenResponse } from '../../src/server/access/schemas.ts';
import { JWT_BEARER_GRANT, PUBLIC_READ_TOKEN } from '../../src/server/access/public-read.ts';
import { call, postForm, postJson } from '../support/access-support.ts';

const PUBLIC_TOKEN = { access_token: PUBLIC_READ_TOKEN, token_type: 'Bearer', scope: 'knowledge:read', expires_in: 3600 };

async function expectOAuthError(res: Response, status: number, error: string) {
  expect(res.status).toBe(status);
  const body = await res.json();
  expect(body).toEqual({ error, error_description: expect.any(String) });
  return body.error_description as string;
}

function expectNoStore(res: Response) {
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('pragma')).toBe('no-cache');
}

describe('KQ-TOKEN: POST /oauth/token (RFC 6749 § 5)', () => {
  it('KQ-TOKEN: a URL-shaped client_id whose metadata document is refused (plain http, a private host, no path) still gets the public token', async () => {
    // Each is refused by the client_id check before any fetch (client-id-metadata.ts): no socket.
    for (const clientId of ['http://client.example/meta.json', 'https://127.0.0.1/meta.json', 'https://client.example']) {
      for (const res of [
        await postForm('/oauth/token', { grant_type: 'public', client_id: clientId }),
        await postForm('/oauth/token', { client_id: clientId }),
      ]) {
        expect(res.status, clientId).toBe(200);
        expectNoStore(res);
        expect(await res.json()).toEqual(PUBLIC_TOKEN);
      }
    }
  });

  it('grant_type=public (form, RFC 6749 § 4) → the public token, no-store + Pragma (RFC 6749 § 5.1)', async () => {
    const res = await postForm('/oauth/token', { grant_type: 'public', client_id: 'public-anything' });
    expect(res.status).toBe(200);
    expectNoStore(res);
    expect(res.headers.get('content-type')).toBe('application/json');
    const body = await res.json();
    expect(tokenResponse.parse(body)).toEqual(body);
    expect(body).toEqual(PUBLIC_TOKEN);
  });

  it('docs/decisions.md § OAuth: a JSON body is accepted too', async () => {
    const res = await postJson('/oauth/token', { grant_type: 'public' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(PUBLIC_TOKEN);
  });

  it.each([
    ['no body at all', () => call('/oauth/token', { method: 'POST' })],
    ['an empty form', () => postForm('/oauth/token', {})],
    ['an empty JSON object', () => postJson('/oauth/token', {})],
    ['only a client_id', () => postForm('/oauth/token', { client_id: 'x' })],
  ])('grant_type is optional and defaults to public (%s)', async (_, send) => {
    const res = await send();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(PUBLIC_TOKEN);
  });

  it('a JSON (or form) Content-Type with an empty body is a request without parameters → the public token', async () => {
    for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
      const res = await call('/oauth/token', { method: 'POST', headers: { 'Content-Type': type } });
      expect(res.status, type).toBe(200);
      expect(await res.json()).toEqual(PUBLIC_TOKEN);
    }
  });

  it('the same literal for every caller', async () => {
    const a = await (await postForm('/oauth/token', { client_id: 'a' })).json();
    const b = await (await postForm('/oauth/token', { client_id: 'b' })).json();
    expect(a.access_token).toBe(b.access_token);
  });

  it('RFC 6749 § 3.3: scope knowledge:read (or none) is granted', async () => {
    expect((await postForm('/oauth/token', { scope: 'knowledge:read' })).status).toBe(200);
  });

  describe('ladder of bad input (exact status and OAuth error code)', () => {
    it.each(['', 'authorization_code', 'client_credentials', 'refresh_token', 'PUBLIC', ' public'])(
      'RFC 6749 § 5.2: grant_type %j → 400 unsupported_grant_type, still no-store',
      async (grant) => {
        const res = await postForm('/oauth/token', { grant_type: grant });
        await expectOAuthError(res, 400, 'unsupported_grant_type');
        expectNoStore(res);
      },
    );

    it('jwt-bearer without an assertion → 400 invalid_grant', async () => {
      const description = await expectOAuthError(await postForm('/oauth/token', { grant_type: JWT_BEARER_GRANT }), 400, 'invalid_grant');
      expect(description).toMatch(/assertion/);
    });

    it('jwt-bearer WITH an assertion → 400 invalid_grant (none can be verified)', async () => {
      const assertion = 'eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJ4In0.c2ln';
      const description = await expectOAuthError(await postForm('/oauth/token', { grant_type: JWT_BEARER_GRANT, assertion }), 400, 'invalid_grant');
      expect(description).toMatch(/verified/);
    });

    it('RFC 6749 § 5.2: a scope beyond knowledge:read → 400 invalid_scope', async () => {
      await expectOAuthError(await postForm('/oauth/token', { scope: 'knowledge:read knowledge:write' }), 400, 'invalid_scope');
    });

    it.each([
      ['invalid JSON', () => postJson('/oauth/token', '{"grant_type":')],
      ['a JSON array', () => postJson('/oauth/token', '["public"]')],
      ['a JSON string', () => postJson('/oauth/token', '"public"')],
      ['grant_type as a number', () => postJson('/oauth/token', { grant_type: 1 })],
      ['client_id as an object', () => postJson('/oauth/token', { client_id: {} })],
    ])('RFC 6749 § 5.2: a malformed body (%s) → 400 invalid_request', async (_, send) => {
      await expectOAuthError(await send(), 400, 'invalid_request');
    });

    it('a body of another media type → 415 invalid_request', async () => {
      const res = await call('/oauth/token', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'grant_type=public' });
      await expectOAuthError(res, 415, 'invalid_request');
    });

    it('bytes without a Content-Type → 415 invalid_request (never guessed)', async () => {
      await expectOAuthError(await call('/oauth/token', { method: 'POST', body: 'grant_type=public' }), 415, 'invalid_request');
    });

    it('RFC 6749 § 3.2: a parameter sent twice → 400 invalid_request', async () => {
      const res = await call('/oauth/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=public&grant_type=public',
      });
      expect(await expectOAuthError(res, 400, 'invalid_request')).toContain('grant_type');
    });

    it('GET /oauth/token → 405 with Allow: POST, OPTIONS', async () => {
      const res = await call('/oauth/token');
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST, OPTIONS');
      expect((await res.json()).error).toBe('invalid_request');
    });
  });
});

describe('KQ-REVOKE: POST /oauth/revoke (RFC 7009)', () => {
  it.each([
    ['the public token, form-encoded (RFC 7009 § 2.1)', () => postForm('/oauth/revoke', { token: PUBLIC_READ_TOKEN, token_type_hint: 'access_token' })],
    ['the public token as JSON', () => postJson('/oauth/revoke', { token: PUBLIC_READ_TOKEN })],
    ['an unknown token (RFC 7009 § 2.2: not an error)', () => postForm('/oauth/revoke', { token: 'whatever' })],
    ['an unknown token as JSON, with a hint', () => postJson('/oauth/revoke', { token: 'whatever', token_type_hint: 'refresh_token' })],
  ])('docs/decisions.md § OAuth: revoking %s → 200 {"revoked": true}', async (_, send) => {
    const res = await send();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ revoked: true });
  });

  it.each([
    ['no token (form)', () => postForm('/oauth/revoke', { token_type_hint: 'access_token' })],
    ['an empty token', () => postForm('/oauth/revoke', { token: '' })],
    ['no token (JSON)', () => postJson('/oauth/revoke', {})],
    ['no body', () => call('/oauth/revoke', { method: 'POST' })],
    ['an empty body declared as JSON', () => call('/oauth/revoke', { method: 'POST', headers: { 'Content-Type': 'application/json' } })],
  ])('RFC 7009 § 2.1: token is REQUIRED, so revoking with %s → 400 invalid_request in the OAuth shape', async (_, send) => {
    const res = await send();
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await expectOAuthError(res, 400, 'invalid_request')).toBe('token is required (RFC 7009 § 2.1): send the token to revoke');
  });

  it('RFC 7009 § 2.1: a token that is not a string → 400 invalid_request', async () => {
    expect(await expectOAuthError(await postJson('/oauth/revoke', { token: 7 }), 400, 'invalid_request')).toBe('token must be a string');
  });

  it('revocation changes nothing: the token still reads the catalog (no server-side session)', async () => {
    await postForm('/oauth/revoke', { token: PUBLIC_READ_TOKEN });
    expect((await call('/api/v1', { headers: { Authorization: `Bearer ${PUBLIC_READ_TOKEN}` } })).status).toBe(200);
  });

  it('a body that is not JSON → 400 invalid_request', async () => {
    const res = await postJson('/oauth/revoke', '{oops');
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('invalid_request');
  });
});
