/** The harness's OAuth side: authorization request, login driver, token endpoint, token store and manager. */
export { generateState, expectStateEcho, STATE_LENGTH } from './state.ts';
export {
  authorizationUrl,
  isRedirectUri,
  parseAuthorizationRedirect,
  type AuthorizationUrlOptions,
  type AuthorizationResponse,
  type AuthorizationCodeResponse,
  type AuthorizationErrorResponse,
  type ParseAuthorizationRedirectOptions,
} from './authorization-request.ts';
export { parseHtmlPage, extractForms, formEntries, type HtmlPage, type HtmlForm, type FormField, type FormSubmitter } from './html-forms.ts';
export { CookieJar } from './cookie-jar.ts';
export { loginWithForm, LoginError, isLoginError, type LoginWithFormOptions, type LoginResult, type LoginFailureReason, type LoginStop } from './login-driver.ts';
export {
  tokenEndpoint,
  tokenRequest,
  authorizationCodeGrantRequest,
  refreshTokenGrantRequest,
  exchangeCode,
  refreshTokens,
  processTokenResponse,
  isBearerTokenType,
  TokenEndpointError,
  isTokenEndpointError,
  type TokenSet,
  type AuthorizationCodeGrantParams,
  type RefreshTokenGrantParams,
  type ProcessTokenResponseOptions,
  type TokenRequestOptions,
} from './token-endpoint.ts';
export { writeFileAtomic, type AtomicWriteOptions } from './atomic-file.ts';
export { withFileLock, type FileLockOptions } from './file-lock.ts';
export { TokenStore, tokenStoreTarget, TOKEN_STORE_FORMAT, type StoredTokens, type TokenState, type RetiredAccessToken, type TokenStoreOptions } from './token-store.ts';
export { TokenManager, needsRefresh, refreshMargin, type TokenManagerOptions } from './token-manager.ts';
