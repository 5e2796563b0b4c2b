import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BACK_OFFICE_ICONS, backOfficeManifest, THEME_COLOURS } from './head';

describe('the back office as an app', () => {
  it('takes its colours from app/theme.css (--primary for the bar, --background for the splash)', () => {
    const theme = fs.readFileSync('app/theme.css', 'utf8');
    const variable = (name: string) => new RegExp(`--${name}:\\s*(#[0-9a-f]{6});`, 'i').exec(theme)?.[1];
    expect(THEME_COLOURS).toEqual({ primary: variable('primary'), background: variable('background') });
  });

  it('is installable: name, start page and scope in the back office, standalone, 192 and 512 px icons and a maskable one', () => {
    const manifest = backOfficeManifest();
    expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
    expect(manifest.shortcuts.every((s) => s.url.startsWith(`${manifest.scope}/`))).toBe(true);
    expect(manifest.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: '192x192', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
      ]),
    );
    expect(new Set(BACK_OFFICE_ICONS.map((i) => i.file)).size).toBe(BACK_OFFICE_ICONS.length);
  });
});
