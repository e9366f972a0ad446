import { describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import {
  checkCode,
  checkEmail,
  checkLoginPassword,
  checkNewPassword,
  checkPasswordPair,
  normalizeEmail,
  validationTexts,
} from './password-rules';

describe('new password rule (spec 5)', () => {
  it.each(['Abcdef1!', 'Aa!aaaaa', 'Pass word-1', `${'Z'.repeat(10) + 'z'.repeat(9)}~`])(
    'accepts %j',
    (password) => {
      expect(checkNewPassword(password)).toBeNull();
    },
  );

  it.each([
    ['', 'passwordRequired'],
    ['Ab1!xyz', 'passwordLength'], // 7
    [`${'Ab1!'.repeat(5)}x`, 'passwordLength'], // 21
    ['abcdefg!', 'passwordCharacters'], // no upper case
    ['ABCDEFG!', 'passwordCharacters'], // no lower case
    ['Abcdefgh1', 'passwordCharacters'], // no symbol
    ['Abcdefg h', 'passwordCharacters'], // a space is not a symbol
    ['Abcdéfg!1', 'passwordCharacters'], // not ASCII
    ['Abc\tdefg!', 'passwordCharacters'], // not printable
  ])('refuses %j with %s', (password, key) => {
    expect(checkNewPassword(password)).toBe(key);
  });

  it('accepts exactly 8 and exactly 20 characters', () => {
    expect(checkNewPassword('Abcdef!1')).toBeNull();
    expect(checkNewPassword(`Abc!${'x'.repeat(16)}`)).toBeNull();
  });
});

describe('login password (old rule: minimum 8)', () => {
  it('asks for a password, then for at least 8 characters, and nothing more', () => {
    expect(checkLoginPassword('')).toBe('passwordRequired');
    expect(checkLoginPassword('1234567')).toBe('passwordMinimum');
    expect(checkLoginPassword('12345678')).toBeNull();
  });
});

describe('password pair', () => {
  it('reports the first problem in form order', () => {
    expect(checkPasswordPair('', '')).toEqual({ field: 'password', key: 'newPasswordRequired' });
    expect(checkPasswordPair('weak', '')).toEqual({ field: 'password', key: 'passwordLength' });
    expect(checkPasswordPair('Good-pass1', 'x', 'Good-pass1')).toEqual({
      field: 'password',
      key: 'passwordUnchanged',
    });
    expect(checkPasswordPair('Good-pass1', '')).toEqual({
      field: 'confirm',
      key: 'confirmPasswordRequired',
    });
    expect(checkPasswordPair('Good-pass1', 'Good-pass2')).toEqual({
      field: 'confirm',
      key: 'passwordsMismatch',
    });
    expect(checkPasswordPair('Good-pass1', 'Good-pass1', 'Old-pass1!')).toBeNull();
  });
});

describe('email and code', () => {
  it('checks email presence and shape, and normalises it', () => {
    expect(checkEmail('  ')).toBe('emailRequired');
    expect(checkEmail('ann@')).toBe('emailInvalid');
    expect(checkEmail('ann example@x.com')).toBe('emailInvalid');
    expect(checkEmail(' Ann@Example.com ')).toBeNull();
    expect(normalizeEmail(' Ann@Example.COM ')).toBe('ann@example.com');
  });

  it('wants 6 digits', () => {
    expect(checkCode('')).toBe('codeRequired');
    expect(checkCode('12345')).toBe('codeInvalid');
    expect(checkCode(' 012345 ')).toBeNull();
  });
});

describe('message catalogue', () => {
  it('has every key in messages Validation with the spec wording in English', () => {
    expect(en.Validation).toEqual(validationTexts);
    expect(validationTexts.passwordLength).toBe('Password must be 8-20 characters.');
    expect(validationTexts.passwordsMismatch).toBe('two passwords do not match');
    expect(validationTexts.emailInvalid).toBe('! Invalid Email provide');
  });
});
