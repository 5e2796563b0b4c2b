import { describe, expect, it } from 'vitest';
import { cleanRichText, isBlankHtml, sanitizeRichText } from './sanitize';

describe('sanitizeRichText', () => {
  it('keeps everything the editor toolbar produces', () => {
    const html =
      '<h1 style="text-align: center">Titre</h1><h2>Deux</h2><h3>Trois</h3>' +
      '<p style="text-align: right"><strong>g</strong><b>b</b><em>i</em><i>i</i><u>u</u><s>s</s><strike>x</strike><br></p>' +
      '<ol><li><p>un</p></li></ol><ul><li>deux</li></ul>' +
      '<p><span style="color: #ff0000; background-color: rgb(255, 255, 0)">couleur</span></p>' +
      '<p><mark style="background-color: #ffff00">surligné</mark></p>';
    const clean = sanitizeRichText(html);
    for (const fragment of [
      '<h1 style="text-align:center">Titre</h1>',
      '<h2>Deux</h2>',
      '<h3>Trois</h3>',
      '<p style="text-align:right">',
      '<strong>g</strong>',
      '<b>b</b>',
      '<em>i</em>',
      '<i>i</i>',
      '<u>u</u>',
      '<s>s</s>',
      '<strike>x</strike>',
      '<br />',
      '<ol><li><p>un</p></li></ol>',
      '<ul><li>deux</li></ul>',
      '<span style="color:#ff0000;background-color:rgb(255, 255, 0)">couleur</span>',
      '<mark style="background-color:#ffff00">surligné</mark>',
    ]) {
      expect(clean).toContain(fragment);
    }
  });

  it('keeps http, https, mailto and tel links and forces rel', () => {
    for (const href of ['https://example.com/a?b=1', 'http://example.com', 'mailto:a@b.fr', 'tel:+33612345678']) {
      const clean = sanitizeRichText(`<a href="${href}" target="_blank" rel="nofollow">x</a>`);
      expect(clean).toBe(`<a href="${href}" rel="noopener noreferrer" target="_blank">x</a>`);
    }
    expect(sanitizeRichText('<a href="https://e.com">x</a>')).toBe('<a href="https://e.com" rel="noopener noreferrer">x</a>');
  });

  it('drops links with any other scheme', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java&#x09;script:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      'ftp://example.com',
      '//evil.example.com',
      'file:///etc/passwd',
    ]) {
      const clean = sanitizeRichText(`<a href="${href}">x</a>`);
      expect(clean).not.toMatch(/href/);
      expect(clean).toContain('x');
    }
  });

  it('rejects target values other than _blank', () => {
    expect(sanitizeRichText('<a href="https://e.com" target="_parent">x</a>')).not.toContain('target');
  });

  it('keeps images from http, https and raster data URLs only', () => {
    expect(sanitizeRichText('<img src="https://e.com/a.jpg" alt="A">')).toBe('<img src="https://e.com/a.jpg" alt="A" />');
    expect(sanitizeRichText('<img src="data:image/png;base64,iVBORw0KGgo=">')).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" />');
    for (const src of [
      'javascript:alert(1)',
      'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
      'data:text/html,<script>alert(1)</script>',
      '//evil.com/x.png',
      '/relative.png',
    ]) {
      expect(sanitizeRichText(`<p>a<img src="${src}">b</p>`)).toBe('<p>ab</p>');
    }
  });

  it('strips XSS payloads', () => {
    const payloads = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<img src="https://e.com/a.png" onerror="alert(1)">',
      '<svg onload=alert(1)><circle /></svg>',
      '<iframe src="https://evil.com"></iframe>',
      '<p onclick="alert(1)">t</p>',
      '<a href="https://e.com" onmouseover="alert(1)">t</a>',
      '<style>body{display:none}</style>',
      '<object data="x"></object><embed src="x">',
      '<form action="https://evil.com"><input name="a"><button>b</button></form>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<p style="background-image: url(javascript:alert(1))">t</p>',
      '<span style="color: expression(alert(1))">t</span>',
      '<span style="color: red; position: fixed; top: 0">t</span>',
      '<div><p>t</p></div>',
      '<base href="https://evil.com/">',
      '<meta http-equiv="refresh" content="0;url=https://evil.com">',
      '<link rel="stylesheet" href="https://evil.com/x.css">',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<table><tr><td>t</td></tr></table>',
      '<h4>t</h4><pre>t</pre><code>t</code><blockquote>t</blockquote>',
      '<p class="x" id="y" data-x="1">t</p>',
    ];
    for (const payload of payloads) {
      const clean = sanitizeRichText(payload);
      expect(clean).not.toMatch(
        /<script|<style|<iframe|<svg|<object|<embed|<form|<input|<button|<table|<div|<base|<meta|<link|<math|<noscript|<h4|<pre|<code|<blockquote/i,
      );
      expect(clean).not.toMatch(/\son\w+\s*=/i);
      expect(clean).not.toMatch(/javascript:|expression\(|url\(|position|class=|id=|data-x/i);
    }
    expect(sanitizeRichText('<span style="color: red; position: fixed">t</span>')).toBe('<span style="color:red">t</span>');
  });

  it('limits styles per tag', () => {
    expect(sanitizeRichText('<mark style="color: red; background-color: yellow">t</mark>')).toBe('<mark style="background-color:yellow">t</mark>');
    expect(sanitizeRichText('<p style="text-align: evil">t</p>')).toBe('<p>t</p>');
    expect(sanitizeRichText('<strong style="color: red">t</strong>')).toBe('<strong>t</strong>');
  });
});

describe('cleanRichText', () => {
  it('turns an empty editor into an empty string', () => {
    expect(cleanRichText('<p></p>')).toBe('');
    expect(cleanRichText('<p> &nbsp; </p><p><br></p>')).toBe('');
    expect(cleanRichText('<script>x</script>')).toBe('');
    expect(cleanRichText(null)).toBe('');
    expect(cleanRichText('<p>Bonjour</p>')).toBe('<p>Bonjour</p>');
    expect(isBlankHtml('<p><img src="https://e.com/a.png"></p>')).toBe(false);
  });
});
