import { describe, expect, it } from 'vitest';
import {
  contactSchema,
  fieldErrors,
  newsletterSubscribeSchema,
  normalizeCampaign,
  partnerApplicationSchema,
  splitChannels,
  surveySchema,
} from './form-rules';

function errorsOf(result: { success: boolean; error?: unknown }) {
  if (result.success) return [];
  return fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);
}

describe('contact rules', () => {
  const valid = {
    email: ' Reader@Example.com ',
    name: ' Ana ',
    inquiry: 'My app does not connect.',
  };

  it('accepts a complete message, trimmed, with an optional topic', () => {
    const parsed = contactSchema.parse({ ...valid, topic: 'billing', locale: 'ar' });
    expect(parsed).toEqual({
      email: 'Reader@Example.com',
      name: 'Ana',
      inquiry: 'My app does not connect.',
      topic: 'billing',
      locale: 'ar',
    });
    expect(contactSchema.parse({ ...valid, topic: '' }).topic).toBeUndefined();
    expect(contactSchema.parse(valid).locale).toBe('en');
  });

  it('reports the spec’s keys for missing and malformed fields, one per field in form order', () => {
    expect(errorsOf(contactSchema.safeParse({}))).toEqual([
      { field: 'email', key: 'emailRequired' },
      { field: 'name', key: 'nameRequired' },
      { field: 'inquiry', key: 'inquiryRequired' },
    ]);
    expect(
      errorsOf(contactSchema.safeParse({ email: '   ', name: '  ', inquiry: '\n', topic: 'x' })),
    ).toEqual([
      { field: 'email', key: 'emailRequired' },
      { field: 'name', key: 'nameRequired' },
      { field: 'inquiry', key: 'inquiryRequired' },
      { field: 'topic', key: 'topicInvalid' },
    ]);
    for (const email of ['reader', 'reader@', '@example.com', 'a b@example.com', 'a@example']) {
      expect(errorsOf(contactSchema.safeParse({ ...valid, email }))).toEqual([
        { field: 'email', key: 'invalidEmail' },
      ]);
    }
    expect(errorsOf(contactSchema.safeParse({ ...valid, name: 'x'.repeat(101) }))).toEqual([
      { field: 'name', key: 'tooLong' },
    ]);
    expect(errorsOf(contactSchema.safeParse({ ...valid, email: 42 }))).toEqual([
      { field: 'email', key: 'emailRequired' },
    ]);
  });
});

describe('partner application rules', () => {
  const valid = {
    programme: 'influencer',
    name: 'Sam',
    email: 'sam@example.com',
    channels: ['https://www.youtube.com/@sam'],
    audience: 'Tech reviews, 20k subscribers',
    country: 'Brazil',
  };

  it('accepts an application and keeps only a well-formed campaign', () => {
    expect(partnerApplicationSchema.parse({ ...valid, campaign: 'spring_24' }).campaign).toBe(
      'spring_24',
    );
    expect(partnerApplicationSchema.parse({ ...valid, campaign: '<script>' }).campaign).toBeNull();
    expect(partnerApplicationSchema.parse(valid).campaign).toBeNull();
  });

  it('names each missing or malformed field', () => {
    expect(errorsOf(partnerApplicationSchema.safeParse({ programme: 'affiliate' }))).toEqual([
      { field: 'name', key: 'nameRequired' },
      { field: 'email', key: 'emailRequired' },
      { field: 'channels', key: 'channelsRequired' },
      { field: 'audience', key: 'audienceRequired' },
      { field: 'country', key: 'countryRequired' },
    ]);
    expect(errorsOf(partnerApplicationSchema.safeParse({ ...valid, channels: [] }))).toEqual([
      { field: 'channels', key: 'channelsRequired' },
    ]);
    for (const link of ['javascript:alert(1)', 'youtube', 'ftp://example.com/x']) {
      expect(errorsOf(partnerApplicationSchema.safeParse({ ...valid, channels: [link] }))).toEqual([
        { field: 'channels', key: 'invalidUrl' },
      ]);
    }
    const many = Array.from({ length: 11 }, (_, i) => `https://example.com/${i}`);
    expect(errorsOf(partnerApplicationSchema.safeParse({ ...valid, channels: many }))).toEqual([
      { field: 'channels', key: 'tooManyChannels' },
    ]);
    expect(errorsOf(partnerApplicationSchema.safeParse({ ...valid, programme: 'x' }))).toEqual([
      { field: 'programme', key: 'invalid' },
    ]);
  });

  it('splits typed channel links on lines, commas and spaces', () => {
    expect(
      splitChannels(' https://a.example/x\nhttps://b.example/y, https://c.example \n'),
    ).toEqual(['https://a.example/x', 'https://b.example/y', 'https://c.example']);
  });
});

describe('newsletter and survey rules', () => {
  it('needs a valid email to subscribe', () => {
    expect(errorsOf(newsletterSubscribeSchema.safeParse({ email: '' }))).toEqual([
      { field: 'email', key: 'emailRequired' },
    ]);
    expect(errorsOf(newsletterSubscribeSchema.safeParse({ email: 'no-at-sign' }))).toEqual([
      { field: 'email', key: 'invalidEmail' },
    ]);
  });

  it('needs a reason or a comment, and known reasons only', () => {
    expect(errorsOf(surveySchema.safeParse({ reasons: [], comment: '  ' }))).toEqual([
      { field: 'reasons', key: 'reasonRequired' },
    ]);
    expect(errorsOf(surveySchema.safeParse({ reasons: ['bogus'] }))).toEqual([
      { field: 'reasons', key: 'reasonInvalid' },
    ]);
    expect(surveySchema.parse({ reasons: ['slow', 'slow'], version: '1.2.3' })).toEqual({
      reasons: ['slow'],
      comment: '',
      version: '1.2.3',
      locale: 'en',
    });
    expect(surveySchema.parse({ comment: 'Too slow for me' }).reasons).toEqual([]);
  });

  it('normalizes campaign values', () => {
    expect(normalizeCampaign(' yt-sam ')).toBe('yt-sam');
    expect(normalizeCampaign('a'.repeat(65))).toBeNull();
    expect(normalizeCampaign('a b')).toBeNull();
    expect(normalizeCampaign(undefined)).toBeNull();
  });
});
