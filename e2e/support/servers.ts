// The servers the journeys run against (playwright.config.ts starts both): the default one, and a second on its own
// data dir with ADMIN_TWO_STEP=required (decision 0028) for the journey that needs it.
export const port = Number(process.env.E2E_PORT ?? 5055);
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 5056);
export const requiredTwoStepPort = port + 2;
export const requiredTwoStepBaseUrl = `http://127.0.0.1:${requiredTwoStepPort}`;
