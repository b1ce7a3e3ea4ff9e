// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubBrowserApis } from '../testing/render.tsx';
import { SegmentedRadios } from './segmented-radios.tsx';

type Sort = 'newest' | 'popular';
const DATA = [
  { value: 'newest', label: 'Newest' },
  { value: 'popular', label: 'Popular' },
] as const;

describe('a segmented row of radio buttons', () => {
  beforeEach(stubBrowserApis);
  afterEach(cleanup);

  it('is a named radio group whose chosen value is the checked radio', () => {
    renderWithProviders(
      <SegmentedRadios<Sort> label="Sort comments" value="popular" onChange={() => {}} data={DATA} />,
    );
    const group = screen.getByRole('radiogroup', { name: 'Sort comments' });
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).checked)).toEqual([false, true]);
    // One name for the group: the browser moves the choice with the arrow keys within it.
    expect(new Set(radios.map((r) => (r as HTMLInputElement).name)).size).toBe(1);
    expect(group.contains(radios[0]!)).toBe(true);
  });

  it("tells its owner the value picked by a click on the label, and shows the owner's value", () => {
    function Owner({ onChange }: { onChange: (v: Sort) => void }) {
      const [value, setValue] = useState<Sort>('newest');
      return (
        <SegmentedRadios<Sort>
          label="Sort"
          value={value}
          onChange={(v) => {
            onChange(v);
            setValue(v);
          }}
          data={DATA}
        />
      );
    }
    const onChange = vi.fn();
    renderWithProviders(<Owner onChange={onChange} />);
    fireEvent.click(screen.getByText('Popular'));
    expect(onChange).toHaveBeenCalledWith('popular');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Popular' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Newest' }).checked).toBe(false);
  });

  it('two groups on one page keep their own names and labels', () => {
    renderWithProviders(
      <>
        <SegmentedRadios<Sort> label="A" value="newest" onChange={() => {}} data={DATA} />
        <SegmentedRadios<Sort> label="B" value="popular" onChange={() => {}} data={DATA} />
      </>,
    );
    const [a, b] = screen.getAllByRole('radiogroup');
    const nameOf = (g: HTMLElement) => g.querySelector('input')!.name;
    expect(nameOf(a!)).not.toBe(nameOf(b!));
    // Each label points at its own group's radio.
    expect(
      screen.getAllByRole('radio', { name: 'Popular' }).map((r) => (r as HTMLInputElement).checked),
    ).toEqual([false, true]);
  });
});
