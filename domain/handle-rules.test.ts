import { describe, expect, it } from 'vitest';
import { generatedHandle } from './generated-handle.ts';
import { handleSkeleton, reservedHandleProblem, reservedLookAlike } from './handle-rules.ts';

describe('reserved handles: the site account, roles and other words that pass for the site', () => {
  it.each(['atlas', 'admin', 'moderator', 'system', 'root', 'support', 'staff', 'official', 'administrator'])(
    'refuses %s',
    (h) => {
      expect(reservedLookAlike(h)).not.toBeNull();
    },
  );

  it.each([
    ['atlas_', 'atlas'],
    ['atlas_1', 'atlas'],
    ['_atlas_', 'atlas'],
    ['a_t_l_a_s', 'atlas'],
    ['at1as', 'atlas'],
    ['4tl45', 'atlas'],
    ['atlas_team', 'atlas'],
    ['the_atlas', 'atlas'],
    ['admin123', 'admin'],
    ['adm1n', 'admin'],
    ['4dm1n', 'admin'],
    ['adrnin', 'admin'],
    ['ad_min', 'admin'],
    ['site_admin', 'admin'],
    ['m0derator', 'moderator'],
    ['moderator_2', 'moderator'],
    ['r00t', 'root'],
    ['5upport', 'support'],
    ['staff_', 'staff'],
    ['0fficial', 'official'],
    ['sy5tem', 'system'],
  ])('refuses the look-alike %s (of %s)', (h, word) => {
    expect(reservedLookAlike(h)?.word).toBe(word);
  });

  it.each([
    'ada',
    'ada_lovelace',
    'staffan',
    'rooted',
    'supporter_of_brick',
    'atlasfan',
    'admiral',
    'modernist',
    'user_42',
    '007',
    'administered_by_none',
  ])('accepts %s', (h) => {
    expect(reservedHandleProblem(h)).toBeNull();
  });

  it('never refuses a generated handle', () => {
    for (let i = 0; i < 200; i++) expect(reservedHandleProblem(generatedHandle())).toBeNull();
  });

  it('says why, naming what the handle could be mistaken for', () => {
    expect(reservedHandleProblem('atlas_1')).toBe(
      `The handle "atlas_1" can't be used: it could be mistaken for the site's own account "atlas". Please choose another.`,
    );
    expect(reservedHandleProblem('adm1n')).toBe(
      `The handle "adm1n" can't be used: it could be mistaken for the role "admin". Please choose another.`,
    );
    expect(reservedHandleProblem('r00t')).toBe(
      `The handle "r00t" can't be used: it could be mistaken for the reserved word "root". Please choose another.`,
    );
  });

  it('compares case-insensitively', () => {
    expect(reservedLookAlike('ATLAS')?.word).toBe('atlas');
    expect(reservedLookAlike('Admin')?.word).toBe('admin');
  });

  it('reads digits as letters and drops separators in the skeleton', () => {
    expect(handleSkeleton('A_d_M_1_n')).toBe(handleSkeleton('admin'));
    expect(handleSkeleton('r00t')).toBe('root');
    expect(handleSkeleton('vvebmaster')).toBe(handleSkeleton('webmaster'));
  });
});
