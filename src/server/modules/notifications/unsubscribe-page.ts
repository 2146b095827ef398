// The small pages of an unsubscribe link (decision 0043), rendered by the server: no session, no client bundle.
// Opening the link (GET) or a mail program's one-click POST (RFC 8058) turns the kinds off and the page offers to
// undo it; a link that is not valid says so and changes nothing. Light and dark like the app, readable on a
// phone.
import { emailChoiceLabels } from '#domain/notification-kinds';
import { escapeHtml } from '#server/lib/html';
import type { UnsubscribeResult } from './notification-preferences.ts';

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · HomeFix</title>
<style>
:root{color-scheme:light dark;--bg:#f8fafc;--card:#fff;--text:#0f172a;--muted:#475569;--border:#e2e8f0;--primary:#2563eb;--button:#2563eb;--on-primary:#fff}
@media (prefers-color-scheme: dark){:root{--bg:#020617;--card:#0f172a;--text:#f1f5f9;--muted:#94a3b8;--border:#1e293b;--primary:#60a5fa}}
body{margin:0;background:var(--bg);color:var(--text);font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5}
main{max-width:32rem;margin:3rem auto;padding:1.5rem;background:var(--card);border:1px solid var(--border);border-radius:.75rem}
@media (max-width:34rem){main{margin:0;border-radius:0;border-width:0 0 1px}}
.brand{font-weight:700;color:var(--primary);margin:0 0 1rem}
h1{font-size:1.25rem;margin:0 0 .75rem}
p,li{color:var(--muted)}
button{font:inherit;font-weight:600;padding:.6rem 1.1rem;border-radius:.5rem;border:1px solid var(--button);background:var(--button);color:var(--on-primary);cursor:pointer}
button.secondary{background:transparent;color:var(--primary)}
a{color:var(--primary)}
form{margin:1rem 0}
</style>
</head>
<body>
<main>
<p class="brand">HomeFix</p>
${body}
<p><a href="/settings#notifications">All your notification settings</a></p>
</main>
</body>
</html>`;

const kindsList = (r: UnsubscribeResult, withWas: boolean) =>
  `<ul>${r.turnedOff
    .map(
      (k) =>
        `<li>${escapeHtml(k.label)}${withWas ? ` <small>(was ${escapeHtml(emailChoiceLabels[k.was])})</small>` : ''}</li>`,
    )
    .join('')}</ul>`;

const action = (path: string, token: string) => `${path}?token=${encodeURIComponent(token)}`;

/** GET (opening the link) and POST (one click): what was turned off, and the undo. */
export function donePage(r: UnsubscribeResult, token: string): string {
  if (r.turnedOff.length === 0) {
    return page(
      'Already off',
      `<h1>These emails are already off</h1><p>Nothing was changed. You still see every notification in the app.</p>`,
    );
  }
  const restore = r.turnedOff.map((k) => `${k.kind}:${k.was}`).join(',');
  return page(
    'Emails turned off',
    `<h1>Emails turned off</h1>
<p>You will no longer get email about:</p>${kindsList(r, true)}
<p>You still see these notifications in the app.</p>
<form method="post" action="${escapeHtml(action('/unsubscribe/undo', token))}"><input type="hidden" name="restore" value="${escapeHtml(restore)}"><button type="submit" class="secondary">Undo</button></form>`,
  );
}

/** After the undo. */
export function undonePage(r: UnsubscribeResult): string {
  return page(
    'Emails back on',
    r.turnedOff.length === 0
      ? `<h1>Nothing to undo</h1><p>These emails were already back on.</p>`
      : `<h1>Back on</h1><p>You get email again about:</p><ul>${r.turnedOff
          .map((k) => `<li>${escapeHtml(k.label)}: ${escapeHtml(emailChoiceLabels[k.was])}</li>`)
          .join('')}</ul>`,
  );
}

/** A link that is not valid (changed, unknown, replaced by a newer key): nothing changed. */
export function invalidPage(): string {
  return page(
    'Link not valid',
    `<h1>This link is not valid</h1><p>Nothing was changed. The link may have been cut or altered, or replaced by a newer one. Sign in to change your email settings.</p>`,
  );
}
