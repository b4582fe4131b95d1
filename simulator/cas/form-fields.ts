/** Names of the hidden fields the login and consent forms carry back to the CAS. */
export const formFields = {
  /** The session's CSRF value; a post without it, or with another, is refused. */
  csrf: '_csrf',
  /** Id of the pending authorization request the form belongs to. */
  authorizationRequest: 'authorization_request',
  username: 'username',
  password: 'password',
  /** The consent button pressed: `allow` or `deny`. */
  consent: 'consent',
} as const;
