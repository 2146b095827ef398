// Parts of this feature other features show, each loaded when it first renders: the customer dashboard's
// "My projects" and the offer dialog the providers' task feeds open on a project.
import { lazy } from 'react';

export const LazyMyProjects = lazy(async () => ({
  default: (await import('./components/MyProjects.tsx')).MyProjects,
}));

export const LazyProjectOfferDialog = lazy(async () => ({
  default: (await import('./components/ProjectOfferDialog.tsx')).ProjectOfferDialog,
}));
