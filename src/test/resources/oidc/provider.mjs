// The OpenID provider of Signet's single sign-on tests: panva's oidc-provider (OpenID Certified) with its
// development login and consent pages, which take any password; the login name is the account id.
//
// Environment: PORT (the port to listen on), REDIRECT_URIS (comma-separated, the client's callbacks),
// ACCOUNTS_FILE (optional; JSON of account id to claims that replace the defaults, read at each sign-in, so a
// test can change a person's email, verification or groups while the provider runs).
// An account's defaults: email = the id when it holds an '@', else id@example.com; verified; no groups.
import fs from 'node:fs';
import Provider from 'oidc-provider';

const port = Number(process.env.PORT);
const issuer = `http://localhost:${port}`;

function claimsOf(id) {
  const file = process.env.ACCOUNTS_FILE;
  const overrides = file && fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8'))[id] ?? {}) : {};
  return {
    sub: id,
    email: id.includes('@') ? id : `${id}@example.com`,
    email_verified: true,
    name: `Person ${id}`,
    groups: [],
    ...overrides,
  };
}

const provider = new Provider(issuer, {
  clients: [{
    client_id: 'signet',
    client_secret: 'signet-test-secret',
    redirect_uris: process.env.REDIRECT_URIS.split(','),
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
  }],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
  // The claims go into the ID token itself, as Signet reads no userinfo endpoint.
  conformIdTokenClaims: false,
  findAccount: async (ctx, id) => ({ accountId: id, claims: async () => claimsOf(id) }),
  // A first-party client: the scopes it asks for are granted without a consent page.
  loadExistingGrant: async (ctx) => {
    const grant = new ctx.oidc.provider.Grant({
      clientId: ctx.oidc.client.clientId,
      accountId: ctx.oidc.session.accountId,
    });
    grant.addOIDCScope('openid email profile');
    await grant.save();
    return grant;
  },
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ['signet-test-provider-cookies'] },
});

provider.listen(port, () => console.log(`oidc-provider listening at ${issuer}`));
