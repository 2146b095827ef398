// A fresh `npm ci` is quiet: every installed package that has an install script is decided in package.json's
// allowScripts (npm skips the scripts of undecided packages and ends the install with a warning a newcomer
// cannot judge). esbuild is denied: its postinstall only checks the platform binary that npm already installs
// as an optional dependency, and would try to download one when that is missing.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('install scripts', () => {
  it('npm finds no package whose install script is undecided', () => {
    const out = execFileSync('npm', ['install-scripts', 'ls'], { encoding: 'utf8' });
    expect(out.trim()).toBe('No packages with unreviewed install scripts.');
  });
});
