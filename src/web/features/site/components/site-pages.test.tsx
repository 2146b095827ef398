import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '#web/test/render.tsx';
import { FEEDBACK_EMAIL, feedbackHref } from './FeedbackPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('feedback page', () => {
  it('links both forms to the configured feedback URL', async () => {
    renderApp({
      path: '/feedback',
      routes: {
        'GET /api/config': {
          body: {
            BETA_MODE: false,
            BETA_BANNER_TEXT: '',
            BETA_FEEDBACK_URL: 'https://forms.example.com/f?id=1',
          },
        },
      },
    });
    expect(await screen.findByRole('link', { name: /Customer feedback form/ })).toHaveAttribute(
      'href',
      'https://forms.example.com/f?id=1&type=customer',
    );
    expect(screen.getByRole('link', { name: /Provider feedback form/ })).toHaveAttribute('target', '_blank');
  });

  it('falls back to email when no form is configured', () => {
    expect(feedbackHref('', 'provider')).toBe(
      `mailto:${FEEDBACK_EMAIL}?subject=Service%20provider%20feedback`,
    );
    expect(feedbackHref('javascript:alert(1)', 'customer')).toMatch(/^mailto:/);
  });
});

describe('thanks page', () => {
  it('tailors the message to providers', async () => {
    renderApp({ path: '/thanks?type=provider' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thanks for joining as a provider!' }),
    ).toBeInTheDocument();
  });

  it('tailors the message to customers', async () => {
    renderApp({ path: '/thanks?type=customer' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thanks for sharing your project!' }),
    ).toBeInTheDocument();
  });
});

describe('legal pages', () => {
  it.each(['/privacy-policy', '/terms-of-service'])(
    '%s states the date, Florida law and the age limit',
    async (path) => {
      renderApp({ path });
      const main = await screen.findByRole('main');
      await screen.findByText(/Effective date: September 25, 2025/);
      expect(main).toHaveTextContent('State of Florida');
      expect(main).toHaveTextContent(/18 (years of age )?or older/);
    },
  );
});
