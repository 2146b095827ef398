// The route table: every screen of spec routes.txt, its guard, its layout and its document title. Each feature
// owns its rows (features/<f>/routes.tsx, screens lazy through lazyScreen so each is its own chunk); this file
// only puts them together. The first row whose path matches wins, so within a feature a fixed path comes
// before a parameterised one it would also match (/estimates/create before /estimates/:id).
import { accountsRoutes } from '#web/features/accounts/index.ts';
import { adminRoutes } from '#web/features/admin/index.ts';
import { authRoutes } from '#web/features/auth/index.ts';
import { dashboardRoutes } from '#web/features/dashboard/index.ts';
import { estimatesRoutes } from '#web/features/estimates/index.ts';
import { jobsRoutes } from '#web/features/jobs/index.ts';
import { landingRoutes } from '#web/features/landing/index.ts';
import { legalRoutes } from '#web/features/legal/index.ts';
import { messagingRoutes } from '#web/features/messaging/index.ts';
import { notificationsRoutes } from '#web/features/notifications/index.ts';
import { projectsRoutes } from '#web/features/projects/index.ts';
import { proPagesRoutes } from '#web/features/pro-pages/index.ts';
import { costGuidePagesRoutes } from '#web/features/cost-guide-pages/index.ts';
import { proCredentialsRoutes } from '#web/features/pro-credentials/index.ts';
import { rankingRoutes } from '#web/features/ranking/index.ts';
import { providerMarketplaceRoutes } from '#web/features/provider-marketplace/index.ts';
import { siteRoutes } from '#web/features/site/index.ts';
import type { AppRoute } from '#web/lib/routing.ts';

export const routes: readonly AppRoute[] = [
  // Public and shared
  ...landingRoutes,
  ...authRoutes,
  ...projectsRoutes,
  ...siteRoutes,
  ...legalRoutes,
  ...rankingRoutes,
  ...proPagesRoutes,
  ...costGuidePagesRoutes,
  // Signed in
  ...dashboardRoutes,
  ...estimatesRoutes,
  ...jobsRoutes,
  ...accountsRoutes,
  ...providerMarketplaceRoutes,
  ...proCredentialsRoutes,
  ...messagingRoutes,
  ...notificationsRoutes,
  ...adminRoutes,
];
