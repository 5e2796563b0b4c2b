import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { SectionListActionSchema, SectionSchema } from './section';

function form(fields: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const item of [v].flat()) data.append(k, item);
  return data;
}

const ID = '6f1c8a36-3f3c-4b5e-9d7a-2f1f7f9d2b11';

describe('SectionSchema', () => {
  it('reads the switch as a boolean', () => {
    const on = parseWithZod(form({ intent: 'save', title: 'T', isActive: 'on', amenities: 'pool' }), { schema: SectionSchema });
    expect(on.status === 'success' && on.value).toMatchObject({ title: 'T', isActive: true, amenities: ['pool'] });
    const off = parseWithZod(form({ intent: 'save', title: 'T' }), { schema: SectionSchema });
    expect(off.status === 'success' && off.value.isActive).toBe(false);
  });

  it('requires a title', () => {
    for (const title of ['', '  ']) {
      const s = parseWithZod(form({ intent: 'save', title }), { schema: SectionSchema });
      expect(s.reply().error?.title).toEqual(['Le titre est requis']);
    }
  });
});

describe('SectionListActionSchema', () => {
  it('knows move, activate, deactivate and delete', () => {
    for (const fields of <Array<Record<string, string>>>[
      { intent: 'move', id: ID, direction: 'down' },
      { intent: 'activate', id: ID },
      { intent: 'deactivate', id: ID },
      { intent: 'delete', id: ID },
    ]) {
      expect(parseWithZod(form(fields), { schema: SectionListActionSchema }).status).toBe('success');
    }
    expect(parseWithZod(form({ intent: 'rename', id: ID }), { schema: SectionListActionSchema }).status).toBe('error');
  });
});
