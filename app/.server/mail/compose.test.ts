import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_RETRY } from './backoff';
import { escapeHtml, headerText, labelColon, mailboxAddress, renderContactMail, renderTableMail, uniqueMailboxes } from './compose';

describe('header safety', () => {
  it('turns every kind of line break into a space', () => {
    expect(headerText('a\r\nBcc: x@y.z\nb\rc\u2028d\u0085e\tf\u0000g')).toBe('a Bcc: x@y.z b c d e f g');
  });

  it('caps header length', () => {
    expect(headerText('x'.repeat(500), 20)).toHaveLength(20);
  });

  it('accepts one plain mailbox only', () => {
    expect(mailboxAddress(' jeanne@example.org ')).toBe('jeanne@example.org');
    expect(mailboxAddress('admin@localhost')).toBe('admin@localhost');
    for (const bad of ['a@b.c\r\nBcc: d@e.f', 'a@b.c, d@e.f', 'Eve <eve@example.org>', 'a b@c.d', 'no-at', '', null, 'a@-b.c', 'g:a@b.c;']) {
      expect(mailboxAddress(bad)).toBeNull();
    }
  });

  it('deduplicates owner addresses case-insensitively, keeping the first spelling and dropping invalid ones', () => {
    expect(uniqueMailboxes(['Owner@Example.com', 'owner@example.COM', null, 'bad address', 'b@example.com'])).toEqual(['Owner@Example.com', 'b@example.com']);
  });
});

describe('contact mail', () => {
  it('escapes every value in the HTML part and keeps the subject on one line', () => {
    const mail = renderContactMail({
      name: 'A <b>\r\nB',
      email: 'x@example.org',
      phone: '"><script>',
      dates: "l'été & <i>",
      guests: 2,
      message: '<script>alert(1)</script>',
    });
    expect(mail.subject).toBe('Nouveau message de A <b> B');
    expect(mail.html).not.toMatch(/<script|<i>|<b>/);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('l&#39;été &amp; &lt;i&gt;');
    // French typography: a non-breaking space before the colon.
    expect(mail.text).toMatch(/Dates\u00a0: +l'été & <i>/);
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });
});

describe('typography of a mail table', () => {
  it('writes a colon the way each language does: French after a non-breaking space, English, German and Spanish none', () => {
    expect(labelColon('Solde', 'fr')).toBe('Solde\u00a0:');
    for (const language of ['en', 'de', 'es']) expect(labelColon('Total', language)).toBe('Total:');
    const mail = renderTableMail('Title', 'Intro', [{ label: 'Total', value: '€10' }], { text: 'Pay', href: 'https://example.org/pay' }, 'en');
    expect(mail.text).toContain('Total: €10');
    expect(mail.text).toContain('Pay: https://example.org/pay');
    expect(mail.text).not.toMatch(/ :/);
  });
});

describe('backoff', () => {
  const middle = () => 0.5;
  it('doubles from 30 s and caps at one hour', () => {
    expect([1, 2, 3, 4, 8, 9, 10].map((n) => backoffDelay(n, DEFAULT_RETRY, middle))).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
  });

  it('spreads retries by ±20 % without ever exceeding the cap', () => {
    expect(backoffDelay(1, DEFAULT_RETRY, () => 0)).toBe(24_000);
    expect(backoffDelay(1, DEFAULT_RETRY, () => 0.999999)).toBeCloseTo(36_000, -1);
    expect(backoffDelay(20, DEFAULT_RETRY, () => 0.999999)).toBe(3_600_000);
  });
});
