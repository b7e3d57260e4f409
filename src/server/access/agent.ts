// Answers of the agent endpoints (KQ-IDENTITY, KQ-CLAIM, KQ-EVENTS), shared by the
// routes and the /auth.md guide so the guide shows exactly what the server sends.
import { quoted } from './bearer.ts';
import { accessUrls } from './oauth-metadata.ts';
import type { IDENTITY_TYPES } from './public-read.ts';

export interface AgentAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** `anonymous` continues at the token endpoint; the other two are recognized and refused (KQ-IDENTITY). */
export function identityAnswer(type: (typeof IDENTITY_TYPES)[number], siteUrl: string): AgentAnswer {
  const { token } = accessUrls(siteUrl);
  if (type === 'anonymous') {
    return {
      status: 200,
      body: {
        type,
        status: 'accepted',
        token_endpoint: token,
        grant_type: 'public',
        message: `Continue at ${token} with grant_type=public. No secret is needed.`,
      },
      headers: {},
    };
  }
  // No assertion can be verified (no issuer is trusted) and no client secret exists.
  const description = `${type} is recognized but refused: no assertion can be verified here. Use type anonymous, then ${token} with grant_type=public.`;
  return {
    status: 401,
    body: { error: 'invalid_assertion', error_description: description },
    headers: { 'WWW-Authenticate': `Bearer error="invalid_assertion", error_description=${quoted(description)}` },
  };
}

/** Step 5: claiming is a no-op. */
export const claimAnswer = (siteUrl: string) => ({
  status: 'not_required' as const,
  message: 'Nothing to claim: public-read access needs no account or owner approval.',
  token_endpoint: accessUrls(siteUrl).token,
});
