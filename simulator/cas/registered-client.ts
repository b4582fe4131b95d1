/** The one app registered on this instance (spec §2 "Registered app", §5.1). */
export interface RegisteredClient {
  readonly clientId: string;
  /** Shown once at registration (spec §5.1); here generated per start. */
  readonly clientSecret: string;
  /** Fixed at registration; the authorization request must repeat it exactly (spec §4.1, RFC 9700 §4.1.3). */
  readonly redirectUri: string;
}
