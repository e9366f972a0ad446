import { describe, expect, it } from 'vitest';
import en from '../../../messages/en.json';
import {
  englishErrorTexts,
  englishGlobalErrorTexts,
  errorTextsOf,
  referenceText,
} from './error-texts';

describe('error page texts', () => {
  it('keeps the English fallbacks equal to messages/en.json', () => {
    expect(englishErrorTexts).toEqual(errorTextsOf(en.Errors));
    expect(englishGlobalErrorTexts).toEqual({
      errorPageFailed: en.Errors.errorPageFailed,
      goHome: en.Errors.goHome,
    });
  });

  it('passes on only the texts the error page shows', () => {
    expect(Object.keys(errorTextsOf(en.Errors)).sort()).toEqual(
      ['errorHint', 'errorTitle', 'goHome', 'reference', 'tryAgain'].sort(),
    );
  });

  it('puts the digest into the reference line', () => {
    expect(referenceText(englishErrorTexts, 'abc123')).toBe('Reference: abc123');
    expect(referenceText({ ...englishErrorTexts, reference: '參考代碼：{digest}' }, '9')).toBe(
      '參考代碼：9',
    );
  });
});
