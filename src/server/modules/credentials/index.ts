// Licenses and insurance (decision 0046): uploaded by providers, checked by admins, shown as badges (read by
// activeBadgesFor in the read model) until they expire.
export { credentialsRoutes } from './credentials.routes.ts';
export {
  createCredentialsService,
  CREDENTIAL_MESSAGES,
  type CredentialsService,
} from './credentials.service.ts';
export { DOCUMENT_MESSAGES } from './credential-document.ts';
