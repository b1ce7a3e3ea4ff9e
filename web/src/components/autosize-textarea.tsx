import { Textarea, type TextareaProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './autosize-textarea.module.css';

/** Whether the browser sizes a textarea to its text itself (CSS `field-sizing: content`); read once. */
const NATIVE =
  typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

export type AutosizeTextareaProps = Omit<TextareaProps, 'autosize'> & { minRows: number; maxRows: number };

/**
 * A textarea that grows with its text from `minRows` to `maxRows`. Where the browser can size it
 * (`field-sizing: content`) it does so in CSS; elsewhere Mantine's autosize measures the text in a
 * hidden copy of the textarea, which forces a layout when it mounts and at every keystroke (on a
 * mid-range phone profile that was 68 ms of the building page's first commit, for the comment box).
 */
export function AutosizeTextarea({ minRows, maxRows, classNames, style, ...props }: AutosizeTextareaProps) {
  if (!NATIVE)
    return (
      <Textarea
        autosize
        minRows={minRows}
        maxRows={maxRows}
        classNames={classNames}
        style={style}
        {...props}
      />
    );
  const rows = { '--autosize-min-rows': minRows, '--autosize-max-rows': maxRows } as CSSProperties;
  return (
    <Textarea
      rows={minRows}
      classNames={{ ...(classNames as Record<string, string> | undefined), input: classes.input }}
      style={{ ...rows, ...(style as CSSProperties | undefined) }}
      {...props}
    />
  );
}
