// The front door of the provider's licenses-and-insurance and portfolio screens (decision 0046): their route
// rows and their addresses, which the business profile screen links to.
export { credentialsPath, portfolioPath, proCredentialsRoutes } from './routes.tsx';
