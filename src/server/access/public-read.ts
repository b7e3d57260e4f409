// The public-read access flow's fixed values (KQ-REGISTER, KQ-TOKEN, KQ-IDENTITY). Nothing here is a
// secret: the token is the same literal for every caller and only marks that discovery was followed.

/** KQ-TOKEN: the same non-secret literal to every caller. */
export const PUBLIC_READ_TOKEN = 'folio-public-read';

/** The one scope; it covers the same public pages as the sandbox. */
export const PUBLIC_READ_SCOPE = 'knowledge:read';

/** KQ-TOKEN: access token lifetime 3600 seconds (`expires_in`). */
export const TOKEN_LIFETIME_SECONDS = 3600;

/** RFC 7523 § 2.1 grant type URN; listed as allowed, refused at the token endpoint. */
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** KQ-REGISTER, KQ-TOKEN: the grant types a client may register and the token endpoint knows. */
export const GRANT_TYPES = ['public', JWT_BEARER_GRANT] as const;

/** KQ-IDENTITY: recognized identity types; only `anonymous` is accepted. */
export const IDENTITY_TYPES = ['anonymous', 'identity_assertion', 'service_auth'] as const;

/** Identity assertion type of the Identity Assertion JWT Authorization Grant (ID-JAG) draft. */
export const ID_JAG_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id-jag';

/** The protected paths: the catalog and its unversioned alias (docs/decisions.md § OAuth). */
export const PROTECTED_PATHS = ['/api/v1', '/api'] as const;
export type ProtectedPath = (typeof PROTECTED_PATHS)[number];
