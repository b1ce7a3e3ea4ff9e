import { describe, expect, it } from 'vitest';
import type { BuildingDetail } from '#domain/building-detail';
import { valuesFromBuilding, type EditBuildingValues } from './edit-building-form.ts';
import { suggestionBody } from './suggest-edit.ts';

const building: BuildingDetail = {
  id: 12,
  name: 'Eiffel Tower',
  coordinates: [2.2945, 48.8584],
  year_built: 1889,
  year_demolished: null,
  place_id: null,
  description: 'Wrought-iron lattice tower',
  architects: [{ id: 4, name: 'Gustave Eiffel' }],
  architectural_styles: [
    { id: 9, name: 'Art Nouveau' },
    { id: 3, name: 'Structural Expressionism' },
  ],
  images: [],
  cover_image: null,
  image_count: 0,
  views: 1,
  vote_stats: { net_votes: 0, upvotes: 0, meh_votes: 0, downvotes: 0 },
  user_vote: null,
  added_by: { id: 1, handle: 'atlas_catalogue' },
  address: {
    line1: 'Champ de Mars',
    line2: null,
    line3: null,
    city: 'Paris',
    state: null,
    postal_code: '75007',
    country_code: 'FR',
  },
  created_at: '2026-01-01T00:00:00Z',
};

const values = (patch: Partial<EditBuildingValues> = {}): EditBuildingValues => ({
  ...valuesFromBuilding(building),
  ...patch,
});

describe('a suggested edit holds only the fields that change (the API refuses one that changes nothing)', () => {
  it('is null when the form is as the building is, styles compared as a set', () => {
    expect(suggestionBody(building, values())).toBeNull();
    expect(suggestionBody(building, values({ architecturalStyles: [3, 9] }))).toBeNull();
    expect(suggestionBody(building, values({ name: '  Eiffel Tower ' }))).toBeNull();
  });

  it('carries each changed field as the building payload has it', () => {
    expect(
      suggestionBody(
        building,
        values({
          name: 'La tour Eiffel',
          yearDemolished: '2020',
          description: '',
          latitude: '48.8585',
          architecturalStyles: [3],
          architects: ['Gustave Eiffel', 'Stephen Sauvestre'],
        }),
      ),
    ).toEqual({
      name: 'La tour Eiffel',
      year_demolished: 2020,
      description: null,
      coordinates: [2.2945, 48.8585],
      architectural_styles: [3],
      architects: ['Gustave Eiffel', 'Stephen Sauvestre'],
    });
    expect(suggestionBody(building, values({ yearBuilt: '' }))).toEqual({ year_built: null });
  });
});
