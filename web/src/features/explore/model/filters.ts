import { YEAR_MIN, currentYear } from '#domain/constants';

/** Product §3, filters state; the year fields are the 'Built between {start} and {end}' years. */
export interface FiltersState {
  selectedArchitecturalStyles: number[];
  /** End year of 'Built between': the latest year built. */
  builtBeforeDate: number | null;
  /** Start year of 'Built between': the earliest year built. */
  builtAfterDate: number | null;
  /** Whether the user has set the end year (product §5: until then it follows the start year's rule). */
  endYearTouched: boolean;
  /** 'Needs photos': only buildings with no visible image. */
  needsPhotos: boolean;
}

export const initialFiltersState: FiltersState = {
  selectedArchitecturalStyles: [],
  builtBeforeDate: null,
  builtAfterDate: null,
  endYearTouched: false,
  needsPhotos: false,
};

export type FiltersAction =
  | { type: 'stylesChanged'; styleIds: number[] }
  | { type: 'startYearChanged'; input: string; now?: Date }
  | { type: 'endYearChanged'; input: string; now?: Date }
  | { type: 'needsPhotosChanged'; needsPhotos: boolean }
  | { type: 'cleared' };

/**
 * Product §5, year filter: a year typed by the user, clamped between -10000 and the current year;
 * anything that is not a number becomes null. Decimals are cut to whole years.
 */
export function parseFilterYear(input: string, now: Date = new Date()): number | null {
  const text = input.trim();
  if (!/^[+-]?\d+(\.\d*)?$/.test(text)) return null;
  const year = Math.trunc(Number(text));
  if (!Number.isFinite(year)) return null;
  return Math.min(currentYear(now), Math.max(YEAR_MIN, year)) || 0;
}

/** Product §5: if the start year exceeds the end year, the end year is set to the start year. */
function keepOrder(state: FiltersState): FiltersState {
  const { builtAfterDate: start, builtBeforeDate: end } = state;
  if (start !== null && end !== null && start > end) return { ...state, builtBeforeDate: start };
  return state;
}

export function filtersReducer(state: FiltersState, action: FiltersAction): FiltersState {
  switch (action.type) {
    case 'stylesChanged':
      return { ...state, selectedArchitecturalStyles: [...new Set(action.styleIds)] };
    case 'startYearChanged': {
      const now = action.now ?? new Date();
      const start = parseFilterYear(action.input, now);
      let next: FiltersState = { ...state, builtAfterDate: start };
      // Product §5: a start year with no end year touched yet means "up to now".
      if (start !== null && !state.endYearTouched && state.builtBeforeDate === null) {
        next = { ...next, builtBeforeDate: currentYear(now) };
      }
      return keepOrder(next);
    }
    case 'endYearChanged': {
      const end = parseFilterYear(action.input, action.now ?? new Date());
      return keepOrder({ ...state, builtBeforeDate: end, endYearTouched: true });
    }
    case 'needsPhotosChanged':
      return { ...state, needsPhotos: action.needsPhotos };
    case 'cleared':
      return initialFiltersState;
  }
}

/** The filter part of the geojson and list queries (product §7): each only when set. */
export interface BuildingFilters {
  builtAfterDate: number | null;
  builtBeforeDate: number | null;
  archStyles: number[];
  /** Sent as needsPhotos=true only when on. */
  needsPhotos: boolean;
}

export function buildingFiltersOf(state: FiltersState): BuildingFilters {
  return {
    builtAfterDate: state.builtAfterDate,
    builtBeforeDate: state.builtBeforeDate,
    archStyles: [...state.selectedArchitecturalStyles].sort((a, b) => a - b),
    needsPhotos: state.needsPhotos,
  };
}

/** Text for a year input: the committed year, or empty. */
export function yearInputText(year: number | null): string {
  return year === null ? '' : String(year);
}
