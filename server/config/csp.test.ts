import { describe, expect, it } from 'vitest';
import { originOf, originsOf } from './csp.ts';

describe('origins of configured URLs', () => {
  it('takes the origin of URLs and tile templates, subdomain placeholders included', () => {
    expect(originOf('https://tile.example.org/{z}/{x}/{y}.png')).toBe('https://tile.example.org');
    expect(originOf('https://{s}.tile.example.org:8443/{z}/{x}/{y}.png')).toBe(
      'https://*.tile.example.org:8443',
    );
    expect(originOf('http://127.0.0.1:9000/bucket')).toBe('http://127.0.0.1:9000');
    expect(originOf('javascript:alert(1)')).toBeUndefined();
    expect(originOf('not a url')).toBeUndefined();
    expect(originsOf(' https://a.example , ,https://b.example/x')).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });
});
