import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { ContactSchema } from './contact';
import { TestimonialSchema } from './testimonial';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
};

describe('ContactSchema', () => {
  it('accepts the required fields and defaults guests to 2', () => {
    const result = parseWithZod(form({ name: ' Ana ', email: 'ana@example.com', message: 'Bonjour' }), { schema: ContactSchema });
    expect(result.status).toBe('success');
    expect(result.status === 'success' && result.value).toMatchObject({ name: 'Ana', guests: 2 });
  });
  it('requires name, email and message, and a valid email', () => {
    const result = parseWithZod(form({ name: '', email: 'nope', message: ' ' }), { schema: ContactSchema });
    expect(result.status).toBe('error');
    expect(result.reply().error).toMatchObject({
      name: ['validation.required'],
      email: ['validation.email'],
      message: ['validation.required'],
    });
  });
  it('keeps guests between 1 and 4', () => {
    for (const guests of ['0', '5', '2.5', 'x']) {
      const result = parseWithZod(form({ name: 'A', email: 'a@b.fr', message: 'm', guests }), { schema: ContactSchema });
      expect(result.reply().error).toMatchObject({ guests: ['validation.guests'] });
    }
    const ok = parseWithZod(form({ name: 'A', email: 'a@b.fr', message: 'm', guests: '4' }), { schema: ContactSchema });
    expect(ok.status === 'success' && ok.value.guests).toBe(4);
  });
});

describe('TestimonialSchema', () => {
  const valid = { name: 'Ana', email: 'ana@example.com', country: 'FR', message: 'Superbe séjour' };
  it('accepts a testimonial and defaults the rating to 5', () => {
    const result = parseWithZod(form(valid), { schema: TestimonialSchema });
    expect(result.status === 'success' && result.value.rating).toBe(5);
  });
  it('requires a known country', () => {
    for (const country of ['', 'XX']) {
      const result = parseWithZod(form({ ...valid, country }), { schema: TestimonialSchema });
      expect(result.reply().error).toMatchObject({ country: ['validation.required'] });
    }
  });
  it('keeps the rating between 1 and 5', () => {
    for (const rating of ['0', '6']) {
      const result = parseWithZod(form({ ...valid, rating }), { schema: TestimonialSchema });
      expect(result.reply().error).toMatchObject({ rating: ['validation.rating'] });
    }
  });
});
