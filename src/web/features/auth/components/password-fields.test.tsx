// Password fields on every screen that takes one (docs/security.md, ASVS 6.2.6 and 6.2.7): masked, named for
// password managers (autocomplete), and open to paste.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '#web/test/render.tsx';

const screens: { path: string; fields: [string, string][] }[] = [
  { path: '/login', fields: [['Password', 'current-password']] },
  {
    path: '/signup',
    fields: [
      ['Password', 'new-password'],
      ['Confirm password', 'new-password'],
    ],
  },
  {
    path: '/reset-password?token=abc',
    fields: [
      ['New password', 'new-password'],
      ['Confirm new password', 'new-password'],
    ],
  },
];

describe('password fields', { timeout: 20_000 }, () => {
  for (const { path, fields } of screens) {
    it(`${path}: masked, with autocomplete for password managers, and paste works`, async () => {
      const { user } = renderApp({ path, routes: { 'GET /api/regions': { body: [] } } });
      for (const [label, autocomplete] of fields) {
        const field = await screen.findByLabelText(label);
        expect(field).toHaveAttribute('type', 'password');
        expect(field).toHaveAttribute('autocomplete', autocomplete);
        await user.click(field);
        await user.paste('Pasted-From-Manager-42');
        expect(field).toHaveValue('Pasted-From-Manager-42');
      }
    });
  }
});
