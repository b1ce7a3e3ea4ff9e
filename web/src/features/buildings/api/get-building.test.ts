import { describe, expect, it } from 'vitest';
import { parseBuildingId } from './get-building.ts';

describe('parseBuildingId', () => {
  it('accepts only positive whole ids from the route', () => {
    expect(parseBuildingId('42')).toBe(42);
    expect(parseBuildingId('0')).toBeNull();
    expect(parseBuildingId('4.2')).toBeNull();
    expect(parseBuildingId('abc')).toBeNull();
    expect(parseBuildingId(undefined)).toBeNull();
  });
});
