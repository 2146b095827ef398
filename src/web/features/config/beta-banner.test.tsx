import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineRoutes, renderApp } from '#web/test/render.tsx';
import {
  BETA_BANNER_KEY,
  BETA_BANNER_REAPPEAR_MS,
  isBannerDismissed,
  shouldShowBetaBanner,
} from './beta-banner.ts';
import { configInPage } from './api/get-config.ts';

const NOW = Date.parse('2025-10-01T12:00:00Z');
const HOUR = 60 * 60 * 1000;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('beta banner rules', () => {
  it('shows only in beta mode', () => {
    expect(shouldShowBetaBanner(true, null, NOW)).toBe(true);
    expect(shouldShowBetaBanner(false, null, NOW)).toBe(false);
    expect(shouldShowBetaBanner(undefined, null, NOW)).toBe(false);
  });

  it('stays hidden for 24 hours after dismissal, then comes back', () => {
    expect(isBannerDismissed(String(NOW - HOUR), NOW)).toBe(true);
    expect(isBannerDismissed(String(NOW - BETA_BANNER_REAPPEAR_MS + 1), NOW)).toBe(true);
    expect(isBannerDismissed(String(NOW - BETA_BANNER_REAPPEAR_MS), NOW)).toBe(false);
    expect(isBannerDismissed(String(NOW - 25 * HOUR), NOW)).toBe(false);
  });

  it('treats an unreadable dismissal as never dismissed', () => {
    expect(isBannerDismissed('yesterday', NOW)).toBe(false);
    expect(isBannerDismissed('', NOW)).toBe(false);
    expect(isBannerDismissed(String(NOW + HOUR), NOW)).toBe(false);
  });
});

const betaConfig = defineRoutes({
  'GET /api/config': {
    body: { BETA_MODE: true, BETA_BANNER_TEXT: 'We are testing new features.', BETA_FEEDBACK_URL: '' },
  },
});

describe('beta banner', () => {
  it('shows the configured text with a 40px spacer, and dismissing it remembers the time', async () => {
    const { user } = renderApp({ path: '/privacy-policy', routes: betaConfig });
    expect(await screen.findByText('We are testing new features.')).toBeInTheDocument();
    expect(screen.getByTestId('beta-spacer')).toHaveClass('h-10');
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Dismiss beta notice' }));
    expect(screen.queryByText('We are testing new features.')).not.toBeInTheDocument();
    expect(screen.queryByTestId('beta-spacer')).not.toBeInTheDocument();
    expect(Number(localStorage.getItem(BETA_BANNER_KEY))).toBeGreaterThanOrEqual(before);
  });

  it('stays hidden after a recent dismissal', async () => {
    localStorage.setItem(BETA_BANNER_KEY, String(Date.now() - HOUR));
    const { calls } = renderApp({ path: '/privacy-policy', routes: betaConfig });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/config')).toBe(true));
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(screen.queryByText('We are testing new features.')).not.toBeInTheDocument();
  });

  it('comes back a day after dismissal', async () => {
    localStorage.setItem(BETA_BANNER_KEY, String(Date.now() - 25 * HOUR));
    renderApp({ path: '/privacy-policy', routes: betaConfig });
    expect(await screen.findByText('We are testing new features.')).toBeInTheDocument();
  });

  it('is absent when beta mode is off', async () => {
    const { calls } = renderApp({ path: '/privacy-policy' });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/config')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Beta notice' })).not.toBeInTheDocument();
  });
});

describe('configuration written into the page', () => {
  const meta = (content: string) => {
    const tag = document.createElement('meta');
    tag.name = 'homefix-config';
    tag.content = content;
    document.head.append(tag);
    return tag;
  };

  it('shows the banner on the first render, without asking /api/config', async () => {
    const tag = meta(
      JSON.stringify({ BETA_MODE: true, BETA_BANNER_TEXT: 'Written into the page.', BETA_FEEDBACK_URL: '' }),
    );
    try {
      const { calls } = renderApp({ path: '/privacy-policy', routes: betaConfig });
      expect(screen.getByText('Written into the page.')).toBeInTheDocument();
      await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
      expect(calls.some((c) => c.path === '/api/config')).toBe(false);
    } finally {
      tag.remove();
    }
  });

  it('is ignored when it is not a configuration', () => {
    for (const content of ['', 'not json', 'null', '{"BETA_MODE":"yes"}']) {
      const tag = meta(content);
      expect(configInPage()).toBeUndefined();
      tag.remove();
    }
    expect(configInPage()).toBeUndefined();
  });
});
