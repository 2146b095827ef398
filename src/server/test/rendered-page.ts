// Reading a server-rendered public page (decisions 0045 and 0047) as a browser without JavaScript or a crawler
// would: the built shell the pages go into, the text of #root, the hydration data, the JSON-LD, and the check that
// the page carries no inline code for the CSP to refuse.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';

/** index.html as the build writes it: the shell in #root, the module script and its stylesheet in the head. */
export const SHELL_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="HomeFix: price home-repair jobs in minutes." />
    <title>HomeFix Marketplace</title>
    <script src="/theme-init.js"></script>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root">
      <div class="flex" data-app-shell=""><main><p role="status">Loading HomeFix…</p></main></div>
    </div>
  </body>
</html>`;

/** A temporary built client holding only SHELL_HTML; `remove` deletes it. */
export function shellDist(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(dir, 'index.html'), SHELL_HTML);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The text of #root a reader without JavaScript sees: tags stripped, entities read, React's text separators gone. */
export const rootText = (body: string) =>
  (/<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(body)?.[1] ?? '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

/** The query cache the page hydrates from. */
export const stateOf = (body: string) => {
  const json = /<script type="application\/json" id="homefix-state">([\s\S]*?)<\/script>/.exec(body)?.[1];
  expect(json).toBeDefined();
  return JSON.parse(json!) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
};

export const jsonLdOf = (body: string) => {
  const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(body)?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as Record<string, unknown>);
};

/** Every <script> of the page: only the built files (src), the hydration data and the JSON-LD; no style either. */
export function expectNoInlineCode(body: string) {
  for (const [, attrs = ''] of body.matchAll(/<script\b([^>]*)>/g)) {
    expect(
      /\bsrc=/.test(attrs) || /type="application\/(json|ld\+json)"/.test(attrs),
      `inline script: <script${attrs}>`,
    ).toBe(true);
  }
  expect(body).not.toMatch(/\sstyle=/);
  expect(body).not.toMatch(/<style\b/);
}
