/**
 * The authorization request of the target's version (spec §4.1, §5.3–§5.4,
 * §9.1): 7.4 at `/api/v1.1/authorization` with `scope=openid`, 8.0 at
 * `/oauth2/auth` with `response_mode=query`. The user gets a login challenge,
 * then a redirect with a code and the very state that was sent.
 * Each check runs an authorization flow of its own, so they run concurrently.
 */
import { authorizationUrl } from '../../src/auth/authorization-request.ts';
import { describeEndpoints, endpointObservation, isSpecEndpoint } from '../../src/auth/endpoints.ts';
import { observe } from '../../src/check/observe.ts';
import { CookieJar } from '../../src/auth/cookie-jar.ts';
import { parseHtmlPage } from '../../src/auth/html-forms.ts';
import { generateState, STATE_LENGTH } from '../../src/auth/state.ts';
import type { HttpResponse } from '../../src/http/client.ts';
import { check } from '../../src/check/check.ts';
import { browserChallengeView } from '../../src/run-targets/login.ts';
import { authorize, fullUserOrSkip, labels } from './_auth.ts';

check(
  {
    id: 'auth.login-challenge',
    title: "the version's authorization endpoint answers with a login challenge, not a code",
    labels: labels('authorization request', 'GET {auth_url} authorization endpoint', '§4.1, §5.3'),
    concurrent: true,
    killedBy: ['login-challenge-skipped'],
  },
  async (test) => {
    const { context, user } = await fullUserOrSkip(test);
    const { target, profile, http } = context;
    const url = authorizationUrl(profile, {
      authUrl: target.authUrl,
      ...(target.authEndpoints && { authEndpoints: target.authEndpoints }),
      clientId: target.client.clientId,
      redirectUri: target.client.redirectUri,
      state: generateState(),
    });
    // An instance may show its own endpoint URLs (spec §4.1, last sentence): the version's path is the spec's default.
    const endpoint = describeEndpoints(profile, target).find((description) => description.kind === 'authorization');
    if (endpoint) await observe(test, endpointObservation(endpoint));
    if (isSpecEndpoint(profile, target, 'authorization')) test.expect(url.pathname.endsWith(profile.authorizationPath), 'path of the version (spec §9.1)').toBe(true);
    // LOGIN_DRIVER=browser: the challenge as the browser renders it, for a CAS whose login form is built by JavaScript.
    const rendered = await browserChallengeView(http, target, { authorizationUrl: url, redirectUri: target.client.redirectUri, username: user.username, password: user.password });
    if (rendered) {
      test.expect(rendered.redirectedWith, 'redirected with a code before any login challenge (spec §5.3)').not.toBe('code');
      test.expect(rendered.status, 'status of the rendered login challenge').toBe(200);
      test.expect(rendered.passwordForm, 'a rendered form with a password field').toBe(true);
      return;
    }
    // The CAS may pass through pages of its own before the challenge; none of them may be the redirect back.
    // Followed as a browser does: with the cookies the CAS set on the way (RFC 6265), which a real CAS needs to find its session.
    const jar = new CookieJar();
    const browse = async (target: URL): Promise<HttpResponse> => {
      const cookie = jar.header(target);
      const reply = await http.request({ method: 'GET', url: target, headers: { accept: 'text/html', ...(cookie !== undefined && { cookie }) } });
      jar.store(target, reply.headers);
      return reply;
    };
    let response = await browse(url);
    for (let hops = 0; hops < 5 && response.status >= 300 && response.status < 400; hops += 1) {
      const location = new URL(response.header('location') ?? '', response.url);
      test.expect(location.searchParams.has('code'), 'redirected with a code before any login challenge (spec §5.3)').toBe(false);
      response = await browse(location);
    }
    test.expect(response.status, 'status of the login challenge').toBe(200);
    const page = parseHtmlPage(response.text, response.url);
    const challenge = page.forms.find((form) => form.fields.some((field) => field.type === 'password'));
    test.expect(challenge, 'an HTML form with a password field').toBeDefined();
  },
);

check(
  {
    id: 'auth.redirect-echo',
    title: 'after the login the redirect carries a code and exactly the state that was sent',
    labels: labels('authorization request', 'redirect to redirect_uri', '§4.1, §5.3, §5.4'),
    concurrent: true,
    killedBy: ['state-not-echoed'],
  },
  async (test) => {
    const { context, user } = await fullUserOrSkip(test);
    const state = generateState();
    test.expect(state).toHaveLength(STATE_LENGTH);
    const result = await authorize(context, user, { state });
    test.expect(result.kind, 'a code, not an OAuth error').toBe('code');
    if (result.kind === 'code') test.expect(result.code.length).toBeGreaterThan(0);
    test.expect(result.state, 'state echoed unchanged (spec §5.4)').toBe(state);
  },
);
