import { useId } from 'react';
import classes from './segmented-radios.module.css';

export interface SegmentedRadiosProps<T extends string> {
  /** The group's accessible name. */
  label: string;
  value: T;
  onChange: (value: T) => void;
  data: readonly { value: T; label: string }[];
}

/**
 * A row of radio buttons drawn as one segmented control (the look of Mantine's SegmentedControl, in
 * CSS alone). Mantine's control measures its labels through ref callbacks that set state while
 * React commits, which renders the page again at once and runs every pending effect in the same
 * task: on a phone profile that was one of the building page's longest tasks. The browser's radio
 * group gives the same keyboard use (arrow keys move the choice, Tab leaves the group).
 */
export function SegmentedRadios<T extends string>({ label, value, onChange, data }: SegmentedRadiosProps<T>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className={classes.root}>
      {data.map((item) => {
        const id = `${name}-${item.value}`;
        const active = item.value === value;
        return (
          <span key={item.value} className={classes.control} data-active={active || undefined}>
            <input
              className={classes.input}
              type="radio"
              id={id}
              name={name}
              value={item.value}
              checked={active}
              onChange={() => onChange(item.value)}
            />
            <label className={classes.label} htmlFor={id}>
              {item.label}
            </label>
          </span>
        );
      })}
    </div>
  );
}
