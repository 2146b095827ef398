// The landing page's sample estimate: a total and a range without their line items' prices, so in whole dollars
// like every range in the app (cents only where the lines are listed).
import { configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '#web/test/render.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

describe('landing page sample estimate', () => {
  it('shows the total and the range in whole dollars', async () => {
    renderApp({ path: '/', routes: {} });
    expect(await screen.findByText('$4,745')).toBeInTheDocument();
    expect(screen.getByText('Range $3,796 – $5,694')).toBeInTheDocument();
    expect(screen.queryByText(/\$4,745\.40/)).not.toBeInTheDocument();
  });
});
