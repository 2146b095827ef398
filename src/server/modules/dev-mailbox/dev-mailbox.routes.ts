// GET /dev/mailbox: the mails the server kept, as a plain page, for development without an SMTP server. Every
// reset link is on it, so it is registered only where nobody else can reach it (devMailboxStatus): never in
// production or with SMTP_URL, and otherwise only when the server and APP_URL are on loopback, unless
// DEV_MAILBOX=true opts in. Even then it answers only to a loopback or APP_URL Host header (no DNS rebinding), read
// from the header itself, never from X-Forwarded-Host.
// Where it is off, the path answers 404 like any unknown one.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '#server/errors';
import { escapeHtml } from '#server/lib/html';
import { listRecentMail } from '#server/modules/mail';
import { devMailboxStatus, isLoopback } from './dev-mailbox.status.ts';

/**
 * The host name of the request's own Host header (without the port), or null when it has none or cannot be read.
 * Not request.hostname: with TRUST_PROXY Fastify takes that from X-Forwarded-Host, which any client may write.
 */
function hostHeaderName(host: string | undefined): string | null {
  if (!host) return null;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
}

const SHOWN = 50;

function linkify(text: string): string {
  // Escape first, then turn the (escaped) URLs into links; an escaped URL contains no quote or angle bracket.
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.ctx;
  if (!devMailboxStatus(config).enabled) return;
  const appHostname = new URL(config.APP_URL).hostname;

  app.get('/dev/mailbox', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    const host = hostHeaderName(req.headers.host);
    if (host === null || (!isLoopback(host) && host !== appHostname)) throw notFound();
    const mails = await listRecentMail(db, SHOWN);
    const items = mails
      .map(
        (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To ${escapeHtml(m.to)} &middot; ${escapeHtml(m.createdAt.toISOString())} &middot; ${escapeHtml(m.transport)}</p>
  <pre>${linkify(m.text)}</pre>${(m.attachments ?? [])
    .map((a) => `\n  <p class="meta">Attached: ${escapeHtml(a.filename)} (${escapeHtml(a.contentType)})</p>`)
    .join('')}
</article>`,
      )
      .join('\n');
    const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Development mailbox</title>
<style>
body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#111}
article{border:1px solid #ccc;border-radius:6px;padding:0 1rem;margin:1rem 0}
.meta{color:#555;font-size:.9rem}
pre{white-space:pre-wrap;word-break:break-all}
</style>
</head>
<body>
<h1>Development mailbox</h1>
<p>The last ${SHOWN} mails the server sent, newest first. Set SMTP_URL to deliver mail for real.</p>
${items || '<p>No mail yet.</p>'}
</body>
</html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
  });
};
