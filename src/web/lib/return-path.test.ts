import { describe, expect, it } from 'vitest';
import { returnPath, signInPath } from './return-path';

describe('the way back after signing in', () => {
  it('carries a deep link through /auth and back', () => {
    const path = '/animal/3f0c/edit?x=1&y=two words';
    const auth = signInPath(path);
    expect(auth).toBe('/auth?next=%2Fanimal%2F3f0c%2Fedit%3Fx%3D1%26y%3Dtwo%20words');
    expect(returnPath(new URLSearchParams(auth.split('?')[1]).get('next'))).toBe(path);
  });

  it('needs no next for home', () => {
    expect(signInPath('/home')).toBe('/auth');
    expect(signInPath('/')).toBe('/auth');
    expect(returnPath(null)).toBe('/home');
  });

  it('never leaves the app nor loops to /auth', () => {
    for (const next of [
      'https://evil.test/',
      '//evil.test/x',
      '/\\evil.test',
      'javascript:alert(1)',
      '/a\nb',
      '/auth?next=/x',
      '',
    ])
      expect(returnPath(next), next).toBe('/home');
  });
});
