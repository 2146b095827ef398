// Query keys and addresses of the provider's credentials and portfolio screens (decision 0046).
export const CREDENTIALS_KEY = ['/api/provider/credentials'] as const;
export const PORTFOLIO_KEY = ['/api/provider/portfolio'] as const;

/** The private document of a credential: its owner and admins only; the server sends it as an attachment. */
export const credentialDocumentUrl = (id: string) =>
  `/api/provider/credentials/${encodeURIComponent(id)}/document`;
