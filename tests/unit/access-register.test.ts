import { describe, expect, it } from 'vitest';
import { clientRegistration } from '../../src/server/access/schemas.ts';
import { redirectUriProblem } from '../../src/server/access/redirect-uri.ts';
import { call, postJson, site } from '../support/access-support.ts';

const register = (body: unknown) => postJson('/oauth/register', body);

async function expectOAuthError(res: Response, status: number, error: string) {
  expect(res.status).toBe(status);
  const body = await res.json();
  expect(body).toEqual({ error, error_description: expect.any(String) });
  expect(body.error_description.length).toBeGreaterThan(10);
  return body.error_description as string;
}

describe('KQ-REGISTER: POST /oauth/register (RFC 7591 § 3)', () => {
  it('RFC 7591 § 3.2.1: an empty object registers a public client: 201, no secret, Cache-Control no-store', async () => {
    const res = await register({});
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(clientRegistration.parse(body)).toEqual(body);
    expect(body).toMatchObject({
      token_endpoint_auth_method: 'none',
      grant_types: ['public'],
      response_types: [],
      scope: 'knowledge:read',
      token_endpoint: `${site().url}/oauth/token`,
    });
    expect(body).not.toHaveProperty('client_secret');
    expect(Number.isInteger(body.client_id_issued_at)).toBe(true);
  });

  it('RFC 7591 § 3.2.1: registered metadata is echoed back; unknown members are ignored (§ 2)', async () => {
    const metadata = {
      client_name: 'My agent',
      client_uri: 'https://agent.example/',
      redirect_uris: ['https://agent.example/cb', 'http://127.0.0.1:8080/cb', 'http://[::1]/cb', 'http://localhost:3000/cb'],
      grant_types: ['public', 'urn:ietf:params:oauth:grant-type:jwt-bearer'],
      token_endpoint_auth_method: 'none',
      contacts: ['ops@agent.example'],
      software_id: 'ignored',
    };
    const res = await register(metadata);
    expect(res.status).toBe(201);
    const body = await res.json();
    const { software_id: _, ...registered } = metadata;
    expect(body).toMatchObject(registered);
    expect(body).not.toHaveProperty('software_id');
  });

  it('no store is needed: the same metadata gets the same client_id, different metadata a different one', async () => {
    const a = await (await register({ client_name: 'a' })).json();
    const again = await (await register({ client_name: 'a' })).json();
    const b = await (await register({ client_name: 'b' })).json();
    expect(a.client_id).toBe(again.client_id);
    expect(a.client_id).not.toBe(b.client_id);
    expect(a.client_id).toMatch(/^public-[\w-]{22}$/);
  });

  describe('KQ-ERROR-SHAPE: ladder of bad input (exact status and OAuth error code)', () => {
    it.each([
      ['an array', '[]'],
      ['a string', '"hello"'],
      ['a number', '42'],
      ['null', 'null'],
    ])('a body that is not a JSON object (%s) → 400 invalid_client_metadata', async (_, text) => {
      await expectOAuthError(await register(text), 400, 'invalid_client_metadata');
    });

    it('RFC 7591 § 3.2.2: a body that is not JSON at all → 400 invalid_client_metadata', async () => {
      await expectOAuthError(await register('{not json'), 400, 'invalid_client_metadata');
    });

    it('RFC 7591 § 3: a form-encoded or plain-text body is no JSON metadata → 400 invalid_client_metadata', async () => {
      for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
        const res = await call('/oauth/register', { method: 'POST', headers: { 'Content-Type': type }, body: 'client_name=x' });
        await expectOAuthError(res, 400, 'invalid_client_metadata');
      }
    });

    it('an empty body without Content-Type is no metadata object → 400 invalid_client_metadata', async () => {
      await expectOAuthError(await call('/oauth/register', { method: 'POST' }), 400, 'invalid_client_metadata');
    });

    it('docs/decisions.md § Limits: a body over 64 KiB → 413 invalid_request', async () => {
      await expectOAuthError(await register({ client_name: 'x'.repeat(70_000) }), 413, 'invalid_request');
    });

    it.each(['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'tls_client_auth', ''])(
      'docs/decisions.md § OAuth (public clients only): a confidential auth method (%j) → 400 invalid_client_metadata',
      async (method) => {
        const description = await expectOAuthError(await register({ token_endpoint_auth_method: method }), 400, 'invalid_client_metadata');
        expect(description).toMatch(/none/);
      },
    );

    it.each([['authorization_code'], ['client_credentials'], ['refresh_token'], ['public', 'implicit']])(
      'an unknown grant type (%s) → 400 invalid_client_metadata',
      async (...grants) => {
        const description = await expectOAuthError(await register({ grant_types: grants }), 400, 'invalid_client_metadata');
        expect(description).toMatch(/public/);
      },
    );

    it.each([
      ['grant_types not an array', { grant_types: 'public' }],
      ['client_name not a string', { client_name: 42 }],
      ['client_uri not a URL', { client_uri: 'not a url' }],
      ['client_uri with javascript:', { client_uri: 'javascript:alert(1)' }],
      ['contacts not an array', { contacts: 'me@example.com' }],
    ])('RFC 7591 § 3.2.2: a field of the wrong type (%s) → 400 invalid_client_metadata', async (_, body) => {
      await expectOAuthError(await register(body), 400, 'invalid_client_metadata');
    });

    it.each([
      ['not a URL', 'not a url'],
      ['a relative path', '/callback'],
      ['a scheme-relative URL', '//agent.example/cb'],
      ['a javascript: URI', 'javascript:alert(1)'],
      ['a JavaScript: URI in capitals', 'JavaScript:alert(1)'],
      ['a data: URI', 'data:text/html,<script>alert(1)</script>'],
      ['plain http off loopback', 'http://agent.example/cb'],
      ['plain http on a private address', 'http://192.168.1.10/cb'],
      ['http on a loopback look-alike', 'http://localhost.evil.example/cb'],
      ['a fragment', 'https://agent.example/cb#frag'],
      ['an empty fragment', 'https://agent.example/cb#'],
      ['a custom scheme', 'com.example.app:/cb'],
      ['a file: URI', 'file:///etc/passwd'],
      ['not a string', 42],
    ])('docs/decisions.md § OAuth, RFC 6749 § 3.1.2: a redirect URI that is %s → 400 invalid_redirect_uri', async (_, uri) => {
      await expectOAuthError(await register({ redirect_uris: ['https://ok.example/cb', uri] }), 400, 'invalid_redirect_uri');
    });

    it('RFC 7591 § 3.2.2: redirect_uris that is not an array → 400 invalid_redirect_uri', async () => {
      await expectOAuthError(await register({ redirect_uris: 'https://agent.example/cb' }), 400, 'invalid_redirect_uri');
    });
  });

  it('redirectUriProblem names the problem in words', () => {
    expect(redirectUriProblem('https://a.example/cb')).toBeUndefined();
    expect(redirectUriProblem('http://127.0.0.1:1/cb')).toBeUndefined();
    expect(redirectUriProblem('http://a.example/')).toMatch(/loopback/);
    expect(redirectUriProblem('https://a.example/#x')).toMatch(/fragment/);
    expect(redirectUriProblem('data:,x')).toMatch(/data:/);
  });
});
